import type { FieldValues } from 'react-hook-form';
import { toast } from 'sonner';
import { Form, type FormProps } from '@web/components/form/form';
import { useSaveAdminRecord, type AdminEndpoint } from './form-api';

export const SAVED_TEXT = 'Saved';

type AdminFormProps<TValues extends FieldValues, TOut> = Omit<
  FormProps<TValues, TOut, unknown>,
  'onSubmit' | 'onSuccess' | 'goBack'
> & {
  endpoint: AdminEndpoint;
  /** the record's id, or the word new */
  id: string;
  /** where the screen goes after a save (redirects after submit) */
  redirectTo: string;
};

/**
 * A manage screen's form: the generic save of the validated values, a 'Saved'
 * toast, then the redirect. Submit / Retry and the fail text come from <Form>.
 */
export function AdminForm<TValues extends FieldValues, TOut>({ endpoint, id, ...form }: AdminFormProps<TValues, TOut>) {
  const { mutateAsync: save } = useSaveAdminRecord(endpoint, id);
  return (
    <Form<TValues, TOut, unknown>
      {...form}
      onSubmit={(values) => save(values)}
      onSuccess={() => void toast.success(SAVED_TEXT)}
    />
  );
}

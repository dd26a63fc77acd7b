import { Button } from './button';
import { formErrorText } from './form/error-text';

type DialogFormActionsProps = {
  /** the mutation the form sends: its refusal is shown above the buttons */
  mutation: { isError: boolean; error: unknown; isPending: boolean };
  onCancel: () => void;
  cancelText: string;
  submitText: string;
};

/**
 * The foot of a dialog's form: why the last send was refused (announced), then Cancel and the
 * form's submit, stacked with the submit on top on a phone. Both wait while the form sends.
 */
export function DialogFormActions({ mutation, onCancel, cancelText, submitText }: DialogFormActionsProps) {
  return (
    <>
      {mutation.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {formErrorText(mutation.error)}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          {cancelText}
        </Button>
        <Button type="submit" pending={mutation.isPending}>
          {submitText}
        </Button>
      </div>
    </>
  );
}

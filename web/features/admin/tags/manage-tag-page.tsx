import { useParams } from 'react-router';
import { AdminTagAnswer, SaveTagRequest } from '@common/admin/schemas';
import { InputField } from '@web/components/form/input-field';
import { AdminForm } from '../admin-form';
import { AdminFormPage } from '../admin-form-page';
import { isNewId, NEW_ID, useAdminRecord } from '../form-api';

const TAGS = { to: '/admin/tags', label: 'Back to Tags' };

/** /admin/manage-tag/:id (Tag form: text, labelled 'Tag'); the id new adds a tag. */
export function ManageTagPage() {
  const id = useParams().id ?? NEW_ID;
  const tag = useAdminRecord('admin/tag', id, AdminTagAnswer);
  const isNew = isNewId(id);
  return (
    <AdminFormPage id={id} record={tag} title={isNew ? 'Add Tag' : 'Manage Tag'} back={TAGS} what="tag">
      {(loaded) => (
        <AdminForm<SaveTagRequest, SaveTagRequest>
          key={loaded?._id ?? NEW_ID}
          endpoint="admin/tag"
          id={id}
          schema={SaveTagRequest}
          defaultValues={{ text: loaded?.text ?? '' }}
          redirectTo="/admin/tags"
          aria-label={isNew ? 'Add Tag' : 'Manage Tag'}
        >
          <InputField
            name="text"
            label="Tag"
            required
            maxLength={40}
            autoComplete="off"
            description="Groups choose tags so people can find them in Explore."
          />
        </AdminForm>
      )}
    </AdminFormPage>
  );
}

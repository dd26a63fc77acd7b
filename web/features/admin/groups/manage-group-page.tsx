import { Link, useParams } from 'react-router';
import { AdminGroupAnswer } from '@common/admin/schemas';
import type { SaveGroupRequest } from '@common/groups/schemas';
import { buttonStyles } from '@web/components/button-styles';
// The admin Group form shows the community form's fields (the same fields), not a copy of them.
import { GroupFields, groupFormSchema, groupValuesOf, type GroupValues } from '@web/features/groups/group-form';
import { AdminForm } from '../admin-form';
import { AdminFormPage } from '../admin-form-page';
import { isNewId, NEW_ID, useAdminRecord } from '../form-api';

export const VIEW_POSTS = 'View Posts';

const GROUPS = { to: '/admin/groups', label: 'Back to Groups' };

/** /admin/manage-group/:id (Group form (admin)); the id new adds a group owned by the admin. */
export function ManageGroupPage() {
  const id = useParams().id ?? NEW_ID;
  const group = useAdminRecord('admin/group', id, AdminGroupAnswer);
  const isNew = isNewId(id);
  return (
    <AdminFormPage
      id={id}
      record={group}
      title={isNew ? 'Add Group' : 'Manage Group'}
      subtitle={isNew ? 'You will be the new group’s owner.' : group.data && `Owned by ${group.data.owner.name}`}
      back={GROUPS}
      what="group"
    >
      {(loaded) => (
        <AdminForm<GroupValues, SaveGroupRequest>
          key={loaded?._id ?? NEW_ID}
          endpoint="admin/group"
          id={id}
          schema={groupFormSchema}
          defaultValues={groupValuesOf(loaded)}
          redirectTo="/admin/groups"
          aria-label={isNew ? 'Add Group' : 'Manage Group'}
          actions={
            loaded && (
              <Link
                to={`/admin/group/${encodeURIComponent(loaded._id)}/posts`}
                className={buttonStyles({ variant: 'secondary' })}
              >
                {VIEW_POSTS}
              </Link>
            )
          }
        >
          <GroupFields privateHint={isNew ? undefined : 'People ask to join, and the owner approves each request.'} />
        </AdminForm>
      )}
    </AdminFormPage>
  );
}

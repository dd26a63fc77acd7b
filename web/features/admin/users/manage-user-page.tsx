import { Link, useParams } from 'react-router';
import { AdminUserAnswer, AdminUserForm, type AdminUserFormInput } from '@common/admin/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { accountRules, accountValuesOf, IdentityFields, NewAccountNote, ProfileFields } from '../account-fields';
import { AdminForm } from '../admin-form';
import { AdminFormPage } from '../admin-form-page';
import { isNewId, NEW_ID, useAdminRecord } from '../form-api';
import { USER_MONEY_LINK, userMoneyPath } from '../money/money-links';

const USERS = { to: '/admin', label: 'Back to Users' };

const valuesOf = (user: AdminUserAnswer | undefined): AdminUserFormInput => ({
  ...accountValuesOf(user),
  isAdmin: user?.isAdmin ?? false,
  isFacilitator: user?.isFacilitator ?? false,
});

/** /admin/manage-user/:id (Manage User); the id new adds a user. */
export function ManageUserPage() {
  const id = useParams().id ?? NEW_ID;
  const user = useAdminRecord('admin/user', id, AdminUserAnswer);
  const isNew = isNewId(id);
  return (
    <AdminFormPage
      id={id}
      record={user}
      title={isNew ? 'Add User' : 'Manage User'}
      subtitle={user.data?.email}
      back={USERS}
      what="user"
    >
      {(loaded) => (
        <>
          <AdminForm<AdminUserFormInput, AdminUserForm>
            key={loaded?._id ?? NEW_ID}
            endpoint="admin/user"
            id={id}
            schema={AdminUserForm}
            rules={accountRules}
            defaultValues={valuesOf(loaded)}
            redirectTo="/admin"
            aria-label={isNew ? 'Add User' : 'Manage User'}
            actions={
              loaded && (
                <Link to={userMoneyPath(loaded._id)} className={buttonStyles({ variant: 'secondary' })}>
                  {USER_MONEY_LINK}
                </Link>
              )
            }
          >
            <IdentityFields />
            <fieldset className="space-y-4">
              <legend className="sr-only">Roles</legend>
              <CheckboxField name="isAdmin" label="Is Admin" description="May open the Admin Portal." />
              <CheckboxField
                name="isFacilitator"
                label="Is Facilitator"
                description="Offers tiers and content to members."
              />
            </fieldset>
            <ProfileFields />
          </AdminForm>
          {isNew && <NewAccountNote />}
        </>
      )}
    </AdminFormPage>
  );
}

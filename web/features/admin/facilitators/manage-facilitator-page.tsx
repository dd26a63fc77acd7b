import { Link, useParams } from 'react-router';
import { AdminFacilitatorAnswer, AdminFacilitatorForm, type AdminFacilitatorFormInput } from '@common/admin/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { InputField } from '@web/components/form/input-field';
import { accountRules, accountValuesOf, IdentityFields, NewAccountNote, ProfileFields } from '../account-fields';
import { AdminForm } from '../admin-form';
import { AdminFormPage } from '../admin-form-page';
import { isNewId, NEW_ID, useAdminRecord } from '../form-api';
import { subscribersPath, USER_MONEY_LINK, userMoneyPath, VIEW_SUBSCRIBERS } from '../money/money-links';

export const VIEW_TIERS = 'View Tiers';

const FACILITATORS = { to: '/admin/facilitators', label: 'Back to Facilitators' };

const valuesOf = (facilitator: AdminFacilitatorAnswer | undefined): AdminFacilitatorFormInput => ({
  ...accountValuesOf(facilitator),
  facilitatorCategory: facilitator?.facilitatorCategory ?? '',
});

/**
 * /admin/manage-facilitator/:id (Facilitator form), with 'View Tiers', and 'View
 * Subscribers' and their own 'Subscriptions and Payments'; the id new adds a facilitator.
 */
export function ManageFacilitatorPage() {
  const id = useParams().id ?? NEW_ID;
  const facilitator = useAdminRecord('admin/facilitator', id, AdminFacilitatorAnswer);
  const isNew = isNewId(id);
  return (
    <AdminFormPage
      id={id}
      record={facilitator}
      title={isNew ? 'Add Facilitator' : 'Manage Facilitator'}
      subtitle={facilitator.data?.email}
      back={FACILITATORS}
      what="facilitator"
    >
      {(loaded) => (
        <>
          <AdminForm<AdminFacilitatorFormInput, AdminFacilitatorForm>
            key={loaded?._id ?? NEW_ID}
            endpoint="admin/facilitator"
            id={id}
            schema={AdminFacilitatorForm}
            rules={accountRules}
            defaultValues={valuesOf(loaded)}
            redirectTo="/admin/facilitators"
            aria-label={isNew ? 'Add Facilitator' : 'Manage Facilitator'}
            actions={
              loaded && (
                <>
                  <Link
                    to={`/admin/facilitators/${encodeURIComponent(loaded._id)}/tiers`}
                    className={buttonStyles({ variant: 'secondary' })}
                  >
                    {VIEW_TIERS}
                  </Link>
                  <Link to={subscribersPath(loaded._id)} className={buttonStyles({ variant: 'secondary' })}>
                    {VIEW_SUBSCRIBERS}
                  </Link>
                  <Link to={userMoneyPath(loaded._id)} className={buttonStyles({ variant: 'secondary' })}>
                    {USER_MONEY_LINK}
                  </Link>
                </>
              )
            }
          >
            <IdentityFields />
            <InputField
              name="facilitatorCategory"
              label="Facilitator Category"
              description="Shown on their profile and in Explore, e.g. Yoga."
              autoComplete="off"
              maxLength={80}
            />
            <ProfileFields />
          </AdminForm>
          {isNew && <NewAccountNote />}
        </>
      )}
    </AdminFormPage>
  );
}

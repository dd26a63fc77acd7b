import { Link, useParams } from 'react-router';
import { AdminTierAnswer, AdminTierForm } from '@common/admin/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { ImageField } from '@web/components/form/image-field';
import { InputField } from '@web/components/form/input-field';
import type { Rule } from '@web/components/form/rules';
import { TextareaField } from '@web/components/form/textarea-field';
import { AdminForm } from '../admin-form';
import { AdminFormPage, CannotCreatePanel } from '../admin-form-page';
import type { BackLink } from '../back-link';
import { NEW_ID, useAdminRecord } from '../form-api';
import { formSchema } from '@web/components/form/rules';

export const PRICE_LOCKED_HINT = 'The price cannot change once the tier has been bought.';

type TierValues = { name: string; price: number | null; description: string; thumbnail: string | null };

// The schema coerces its price, so zod types that input as unknown; the form holds number | null.
const schema = formSchema<AdminTierForm, TierValues>(AdminTierForm);
// An emptied price would coerce to 0: a free tier must be typed on purpose.
const rules: Rule<TierValues>[] = [
  { field: 'price', isValid: (price) => price !== null && price !== undefined, prompt: 'Price is required' },
];

const valuesOf = (tier: AdminTierAnswer): TierValues => ({
  name: tier.name,
  price: tier.price,
  description: tier.description,
  thumbnail: tier.thumbnail,
});

const tiersOf = (facilitator: AdminTierAnswer['facilitator']): BackLink => ({
  to: `/admin/facilitators/${encodeURIComponent(facilitator._id)}/tiers`,
  label: `Back to ${facilitator.name}'s Tiers`,
});
const FACILITATORS = { to: '/admin/facilitators', label: 'Back to Facilitators' };

/** /admin/manage-tier/:id (Tier form (admin)): tiers are created by their facilitator, never here. */
export function ManageTierPage() {
  const id = useParams().id ?? NEW_ID;
  const tier = useAdminRecord('admin/tier', id, AdminTierAnswer);
  const facilitator = tier.data?.facilitator;
  return (
    <AdminFormPage
      id={id}
      record={tier}
      title="Manage Tier"
      subtitle={facilitator && `A tier of ${facilitator.name}`}
      back={facilitator ? tiersOf(facilitator) : FACILITATORS}
      what="tier"
      cannotCreate={<CreatedByFacilitators />}
    >
      {(loaded) =>
        loaded && (
          <AdminForm<TierValues, AdminTierForm>
            key={loaded._id}
            endpoint="admin/tier"
            id={id}
            schema={schema}
            rules={rules}
            defaultValues={valuesOf(loaded)}
            redirectTo={tiersOf(loaded.facilitator).to}
            aria-label="Manage Tier"
          >
            <InputField name="name" label="Name" required maxLength={120} />
            <InputField
              name="price"
              type="number"
              label="Price (USD)"
              required={!loaded.priceLocked}
              readOnly={loaded.priceLocked}
              description={
                loaded.priceLocked
                  ? PRICE_LOCKED_HINT
                  : `${loaded.type === 'subscription' ? `Per ${loaded.interval}. ` : ''}0 makes it free.`
              }
              min={0}
              step={0.01}
              inputMode="decimal"
              inputClassName="read-only:bg-stone-100 read-only:text-stone-600"
              className="sm:max-w-xs"
            />
            <TextareaField name="description" label="Description" rows={5} maxLength={5000} />
            <ImageField name="thumbnail" label="Thumbnail" />
          </AdminForm>
        )
      }
    </AdminFormPage>
  );
}

function CreatedByFacilitators() {
  return (
    <CannotCreatePanel
      title="Tiers are created by their facilitator"
      action={
        <Link to="/admin/facilitators" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
          Back to Facilitators
        </Link>
      }
    >
      Open a facilitator and choose View Tiers to edit one of theirs.
    </CannotCreatePanel>
  );
}

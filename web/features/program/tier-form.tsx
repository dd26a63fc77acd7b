import { Link, useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { BILLING_INTERVAL_LABELS, priceText, type BillingInterval } from '@common/tiers/intervals';
import {
  CreateTierRequest,
  TIER_MESSAGES,
  TIER_TYPE_LABELS,
  UpdateTierRequest,
  type TierAnswer,
  SESSION_CREDITS_MAX,
} from '@common/tiers/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { ChoiceField } from '@web/components/form/choice-field';
import { Form } from '@web/components/form/form';
import { ImageField } from '@web/components/form/image-field';
import { InputField } from '@web/components/form/input-field';
import type { Rule } from '@web/components/form/rules';
import { SelectField } from '@web/components/form/select-field';
import { TextareaField } from '@web/components/form/textarea-field';
import { useSaveTier } from './api/save-tier';
import { AssociatedGroupField } from './associated-group-field';
import { CreditSeriesField } from './credit-series-field';
import { CourseReleaseDefault } from './course-release-default';
import { TierFeaturesField } from './tier-features-field';
import { type PriceRow, TierPricesField } from './tier-prices-field';
import { TIER_PRICES_TEXTS } from './tier-prices-texts';
import { formSchema } from '@web/components/form/rules';

type TierType = TierAnswer['type'];

export type TierValues = {
  name: string;
  description: string;
  thumbnail: string | null;
  type: TierType;
  price: number | null;
  interval: BillingInterval;
  trialDays: number | null;
  associatedGroup: string | null;
  contentQueueFrequency: number | null;
  releaseAllContent: boolean;
  published: boolean;
  allowDirectMessaging: boolean;
  sessionCredits: number | null;
  creditsRollOver: boolean;
  creditSeriesIds: string[];
  features: string[];
  /** a subscription's prices (the edit form); absent on a new tier and a course */
  prices?: PriceRow[];
};
type TierRequest = CreateTierRequest | UpdateTierRequest;

const TYPE_CHOICES = [
  {
    value: 'subscription',
    label: TIER_TYPE_LABELS.subscription,
    description: 'Members pay every week, month or year, or join free.',
  },
  { value: 'single', label: TIER_TYPE_LABELS.single, description: 'Bought once, like a course.' },
];

// The schema coerces an empty price to 0; a free tier must be chosen on purpose.
const creationRules: Rule<TierValues>[] = [
  { field: 'price', isValid: (v) => v !== null && v !== undefined && v !== '', prompt: 'Price is required' },
];

const valuesOf = (tier: TierAnswer | undefined): TierValues => ({
  name: tier?.name ?? '',
  description: tier?.description ?? '',
  thumbnail: tier?.thumbnail ?? null,
  type: tier?.type ?? 'subscription',
  price: tier?.price ?? null,
  interval: tier?.interval ?? 'month',
  trialDays: tier?.trialDays ?? 0,
  associatedGroup: tier?.associatedGroup ?? null,
  contentQueueFrequency: tier?.contentQueueFrequency ?? 1,
  releaseAllContent: tier?.releaseAllContent ?? false,
  published: tier?.published ?? false,
  allowDirectMessaging: tier?.allowDirectMessaging ?? false,
  sessionCredits: tier?.sessionCredits ?? 0,
  creditsRollOver: tier?.creditsRollOver ?? false,
  creditSeriesIds: tier?.creditSeriesIds ?? [],
  features: tier?.features ?? [],
  ...(tier?.type === 'subscription' && tier.prices
    ? { prices: tier.prices.map((p) => ({ interval: p.interval, price: p.price, default: p.default })) }
    : {}),
});

/**
 * Tier form: type and price only on creation, with a subscription's billing interval; they are
 * read-only afterwards. A subscription's free trial may change any time.
 */
export function TierForm({ tier }: { tier?: TierAnswer }) {
  const navigate = useNavigate();
  // the mutation refreshes the program page's data after saving
  const { mutateAsync: saveTier } = useSaveTier();
  const schema = formSchema<TierRequest, TierValues>(tier ? UpdateTierRequest : CreateTierRequest);

  async function submit(values: TierRequest) {
    if (!tier) return saveTier({ id: 'new', values: values as CreateTierRequest });
    // Type, price and interval never change after creation: they are not sent back.
    const { type: _type, price: _price, interval: _interval, ...changes } = values as UpdateTierRequest;
    return saveTier({ id: tier._id, values: changes });
  }

  return (
    <Form<TierValues, TierRequest, TierAnswer>
      schema={schema}
      rules={tier ? [] : creationRules}
      defaultValues={valuesOf(tier)}
      onSubmit={submit}
      onSuccess={(saved) => navigate(`/program?tier=${encodeURIComponent(saved._id)}`)}
      submitLabel={tier ? 'Save Tier' : 'Create Tier'}
      aria-label={tier ? 'Edit tier' : 'Add tier'}
      actions={
        <Link
          to={tier ? `/program?tier=${encodeURIComponent(tier._id)}` : '/program'}
          className={buttonStyles({ variant: 'secondary' })}
        >
          Cancel
        </Link>
      }
    >
      <InputField name="name" required maxLength={120} />
      {tier ? (
        <>
          <FixedTerms tier={tier} />
          {tier.type === 'subscription' && tier.prices && <TierPricesField />}
        </>
      ) : (
        <>
          {/* the form says so before they are chosen, not only when editing */}
          <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20">
            {TIER_MESSAGES.fixedAfterCreation}
          </p>
          <ChoiceField name="type" label="Type" choices={TYPE_CHOICES} required />
          <CourseReleaseDefault />
          <PriceField />
          <IntervalField />
        </>
      )}
      <TrialField type={tier?.type} />
      <TextareaField name="description" rows={4} maxLength={5000} />
      <ImageField name="thumbnail" label="Thumbnail" />
      <AssociatedGroupField current={tier?.associatedGroup ?? null} />
      <QueueFrequencyField type={tier?.type} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-stone-800">Options</legend>
        <CheckboxField
          name="releaseAllContent"
          label="Release all content at once"
          description="For courses: members get every item as soon as they join, instead of one by one from the queue."
        />
        <CheckboxField
          name="published"
          label="Published"
          description="Published tiers appear on your profile for members to join."
        />
        <CheckboxField
          name="allowDirectMessaging"
          label="Allow direct messaging"
          description="Members of this tier may send you direct messages."
        />
      </fieldset>
      <SessionCreditsFields />
      <TierFeaturesField />
    </Form>
  );
}

function PriceField() {
  const [type, interval] = useWatch<TierValues, ['type', 'interval']>({ name: ['type', 'interval'] });
  return (
    <InputField
      name="price"
      type="number"
      label={type === 'subscription' ? `Price (USD per ${interval})` : 'Price (USD)'}
      description="0 makes it free."
      min={0}
      step={0.01}
      inputMode="decimal"
      required
    />
  );
}

/** The subscriptionIntervals option list: how often a subscription bills; a course is paid once. */
function IntervalField() {
  const type = useWatch<TierValues, 'type'>({ name: 'type' });
  if (type !== 'subscription') return null;
  return (
    <SelectField
      name="interval"
      label="Billing interval"
      options="subscriptionIntervals"
      description="How often members pay. It cannot change once the tier is created."
      required
      className="sm:max-w-xs"
    />
  );
}

/** A subscription's free days before the first payment; it applies to new subscribers. */
function TrialField({ type: fixedType }: { type?: TierType }) {
  const watched = useWatch<TierValues, 'type'>({ name: 'type' });
  if ((fixedType ?? watched) !== 'subscription') return null;
  return (
    <InputField
      name="trialDays"
      type="number"
      label="Free trial (days)"
      description="Optional. Days new subscribers get before their first payment; 0 means no trial."
      min={0}
      max={365}
      step={1}
      inputMode="numeric"
      className="sm:max-w-xs"
    />
  );
}

/** A subscription's post queue frequency: the days between its queued posts (1 by default). */
function QueueFrequencyField({ type: fixedType }: { type?: TierType }) {
  const watched = useWatch<TierValues, 'type'>({ name: 'type' });
  if ((fixedType ?? watched) !== 'subscription') return null;
  return (
    <InputField
      name="contentQueueFrequency"
      type="number"
      label="Post queue frequency"
      description="Days between queued posts: 1 every day, 2 every other day, 7 every week."
      min={1}
      max={365}
      step={1}
      inputMode="numeric"
      required
    />
  );
}

/** Live sessions a subscriber books without paying, per billing period, and whether unused ones carry over. */
function SessionCreditsFields() {
  const credits = useWatch<TierValues, 'sessionCredits'>({ name: 'sessionCredits' });
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-stone-800">Live sessions</legend>
      <InputField
        name="sessionCredits"
        type="number"
        label="Session credits per period"
        description="Optional. Paid sessions of yours a subscriber may book without paying, each billing period (a month for free tiers and courses); 0 means none."
        min={0}
        max={SESSION_CREDITS_MAX}
        step={1}
        inputMode="numeric"
        className="sm:max-w-xs"
      />
      {Number(credits) > 0 && (
        <>
          <CheckboxField
            name="creditsRollOver"
            label="Unused credits roll over"
            description="Credits left at the end of a period carry into the next one, at most one period's worth."
          />
          <CreditSeriesField />
        </>
      )}
    </fieldset>
  );
}

function FixedTerms({ tier }: { tier: TierAnswer }) {
  // a subscription's prices are edited below; only its type is fixed
  const pricesEditable = tier.type === 'subscription' && tier.prices !== undefined;
  return (
    <div className="rounded-xl bg-stone-50 p-4 ring-1 ring-inset ring-stone-200">
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="font-medium text-stone-800">Type</dt>
          <dd className="mt-1 text-stone-700">{TIER_TYPE_LABELS[tier.type]}</dd>
        </div>
        {!pricesEditable && (
          <div>
            <dt className="font-medium text-stone-800">Price</dt>
            <dd className="mt-1 text-stone-700">{priceText(tier)}</dd>
          </div>
        )}
        {tier.type === 'subscription' && !pricesEditable && (
          <div>
            <dt className="font-medium text-stone-800">Billing interval</dt>
            <dd className="mt-1 text-stone-700">{BILLING_INTERVAL_LABELS[tier.interval]}</dd>
          </div>
        )}
      </dl>
      <p className="mt-3 text-sm text-stone-600">
        {pricesEditable ? TIER_PRICES_TEXTS.typeFixed : TIER_MESSAGES.fixedAfterCreation}
      </p>
    </div>
  );
}

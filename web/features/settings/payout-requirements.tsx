import type { PayoutAccountAnswer } from '@common/payments/schemas';

/** Stripe's requirement codes in words (the common ones; others are shown as they are, made readable). */
const WORDS: Record<string, string> = {
  external_account: 'a bank account to pay into',
  'business_profile.url': 'a website or profile link',
  'business_profile.mcc': 'what kind of business you run',
  'tos_acceptance.date': "acceptance of Stripe's terms",
  'individual.id_number': 'your ID number',
  'individual.ssn_last_4': 'the last 4 digits of your SSN',
  'individual.verification.document': 'a photo of your ID',
  'individual.address.line1': 'your address',
  'individual.phone': 'your phone number',
  'individual.email': 'your email',
};

export function requirementInWords(code: string) {
  if (WORDS[code]) return WORDS[code];
  if (code.startsWith('individual.dob')) return 'your date of birth';
  if (code.startsWith('individual.first_name') || code.startsWith('individual.last_name')) return 'your legal name';
  if (code.startsWith('individual.address')) return 'your address';
  return code.replace(/^individual\./, 'your ').replace(/[._]/g, ' ');
}

/** What the payment provider still needs before payouts can start, and whether they run. */
export function PayoutRequirements({ account }: { account: PayoutAccountAnswer }) {
  const needs = [...new Set(account.requirementsDue.map(requirementInWords))];
  if (account.status === 'not_linked') return null;
  return (
    <div className="mt-3 text-sm text-stone-700" aria-live="polite">
      <p>
        Payments to you: <strong>{account.chargesEnabled ? 'on' : 'not yet'}</strong> · Payouts to your bank:{' '}
        <strong>{account.payoutsEnabled ? 'on' : 'not yet'}</strong>
      </p>
      {needs.length > 0 && (
        <>
          <p className="mt-2">Our payment provider still needs:</p>
          <ul className="mt-1 list-disc pl-5">
            {needs.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

import { usd } from '../payments/revenue';
import type { BrandedMail } from '../mail/compose';
import { ActionButton, Paragraph } from '../mail/layout';

type GiftFacts = { from: string; tierName: string; facilitatorName: string; months: number; message: string };

const monthsText = (months: number) => (months === 1 ? '1 month' : `${months} months`);

/** On the delivery day: the gift, its message and the claim link (the only place the token is written). */
export const giftDeliveryMail =
  (to: string, gift: GiftFacts, claimUrl: string): BrandedMail =>
  (brand, settingsUrl) => ({
    to,
    subject: `${gift.from} gave you ${monthsText(gift.months)} of ${gift.tierName}`,
    preview: `A gift on ${brand.siteName}: claim it with this link`,
    body: (
      <>
        <Paragraph>
          {gift.from} gave you {monthsText(gift.months)} of {gift.tierName} by {gift.facilitatorName} on{' '}
          {brand.siteName}.
        </Paragraph>
        {gift.message !== '' && <Paragraph>“{gift.message}”</Paragraph>}
        <Paragraph>
          Claim it with your account, or create one. The months start the day you claim the gift. This link works once.
        </Paragraph>
        <ActionButton href={claimUrl} color={brand.accentColor}>
          Claim your gift
        </ActionButton>
      </>
    ),
    footer: { reason: `${gift.from} sent this address a gift at ${brand.siteName}`, settingsUrl },
  });

/** To the buyer once the payment arrived: what they bought and when it is sent. */
export const giftReceiptMail =
  (
    to: string,
    gift: GiftFacts & { recipient: string; amountCents: number; deliverOn: string },
    giftsUrl: string,
  ): BrandedMail =>
  (brand, settingsUrl) => ({
    to,
    subject: `Your gift of ${gift.tierName}: receipt`,
    preview: `${usd(gift.amountCents)} for ${monthsText(gift.months)} of ${gift.tierName}`,
    body: (
      <>
        <Paragraph>
          Thank you. You paid {usd(gift.amountCents)} for {monthsText(gift.months)} of {gift.tierName} by{' '}
          {gift.facilitatorName}, as a gift for {gift.recipient}.
        </Paragraph>
        <Paragraph>
          We email them the gift on {gift.deliverOn}. Until they claim it you can send it again or change the address.
        </Paragraph>
        <ActionButton href={giftsUrl} color={brand.accentColor}>
          See your gifts
        </ActionButton>
      </>
    ),
    footer: { reason: `you bought a gift at ${brand.siteName}`, settingsUrl },
  });

/** About a week before a claimed gift ends: when, and the plan to subscribe to. */
export const giftEndingMail =
  (to: string, gift: { tierName: string; facilitatorName: string; endsOn: string }, planUrl: string): BrandedMail =>
  (brand, settingsUrl) => ({
    to,
    subject: `Your gift of ${gift.tierName} ends on ${gift.endsOn}`,
    preview: 'Subscribe to keep your access',
    body: (
      <>
        <Paragraph>
          Your gifted access to {gift.tierName} by {gift.facilitatorName} ends on {gift.endsOn}.
        </Paragraph>
        <Paragraph>To keep it, subscribe to the plan. Until then, the gift is yours to enjoy.</Paragraph>
        <ActionButton href={planUrl} color={brand.accentColor}>
          See the plan
        </ActionButton>
      </>
    ),
    footer: { reason: `you hold a gift at ${brand.siteName}`, settingsUrl },
  });

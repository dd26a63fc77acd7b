import { useCallback, useMemo, useRef, useState } from 'react';
import type { AdminPaymentRow, RefundPaymentAnswer } from '@common/admin/money-schemas';
import { formatUsd } from '@common/money';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import type { DataTableColumn } from '@web/components/data-table';
import { InputField } from '@web/components/form/input-field';
import { formatDay } from './subscription-status';
import { useRefundPayment } from './money-api';
import type { useMoneyNotice } from './money-notice';

export const REFUND = 'Refund';
export const REFUND_AMOUNT_LABEL = 'Amount to refund (USD)';

/** Names a payment for buttons and the dialog: '$12 for Deep Practice on 3 May 2026'. */
export const describePayment = (p: AdminPaymentRow) =>
  `${formatUsd(p.amount)} for ${p.description} on ${formatDay(p.date)}`;

export const refundOutcomeText = ({ refunded, payment }: RefundPaymentAnswer) =>
  `Refunded ${formatUsd(refunded)} of the ${formatUsd(payment.amount)} payment for ${payment.description}.`;

/**
 * The amount typed, in dollars, if it is one the payment can give back: more than 0, at most what
 * is left, whole cents.
 */
export function parseRefundAmount(text: string, refundable: number): number | undefined {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const amount = Number(trimmed);
  return amount > 0 && Math.round(amount * 100) <= Math.round(refundable * 100) ? amount : undefined;
}

/** Why a payment has no Refund button. */
const notRefundable = (p: AdminPaymentRow) =>
  p.disputeStatus === 'open' ? 'Disputed' : p.refundable <= 0 ? 'Refunded' : 'Refund it in the provider’s dashboard';

/**
 * The Refund column of a payments table and its confirm dialog, which asks how much (all that is
 * left, by default). The outcome is told through the page's notice.
 */
export function useRefundAction(notice: ReturnType<typeof useMoneyNotice>) {
  const refund = useRefundPayment();
  const [target, setTarget] = useState<AdminPaymentRow | null>(null);
  const [open, setOpen] = useState(false);
  const [amountText, setAmountText] = useState('');
  const opener = useRef<HTMLButtonElement | null>(null);

  const ask = useCallback((payment: AdminPaymentRow, button: HTMLButtonElement) => {
    opener.current = button;
    setTarget(payment);
    setAmountText(payment.refundable.toFixed(2));
    setOpen(true);
  }, []);

  const column = useMemo<DataTableColumn<AdminPaymentRow>>(
    () => ({
      id: 'refund',
      header: 'Refund',
      enableSorting: false,
      meta: { csv: false },
      cell: ({ row }) =>
        row.original.canRefund ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${REFUND} ${describePayment(row.original)}`}
            onClick={(e) => ask(row.original, e.currentTarget)}
          >
            {REFUND}
          </Button>
        ) : (
          <span className="text-sm text-stone-500">{notRefundable(row.original)}</span>
        ),
    }),
    [ask],
  );

  async function confirm() {
    if (!target) return;
    const amount = parseRefundAmount(amountText, target.refundable);
    if (amount === undefined) throw new Error(`Enter an amount from $0.01 to ${formatUsd(target.refundable)}.`);
    notice.announce(refundOutcomeText(await refund.mutateAsync({ paymentId: target._id, amount })));
  }

  const focusAfterClose = () => (opener.current?.isConnected ? opener.current : notice.focus());

  const dialog = (
    <ConfirmDialog
      open={open}
      onClose={() => setOpen(false)}
      onConfirm={confirm}
      confirmLabel={REFUND}
      focusAfterClose={focusAfterClose}
    >
      {target && (
        <>
          <span className="block">
            The member gets the money back through the payment provider. This action cannot be undone.
          </span>
          <span className="mt-2 block font-medium break-words text-stone-800">{describePayment(target)}</span>
          <InputField
            className="mt-4"
            name="refundAmount"
            label={REFUND_AMOUNT_LABEL}
            value={amountText}
            onChange={(value) => setAmountText(String(value ?? ''))}
            inputMode="decimal"
            autoComplete="off"
            description={
              <>
                Up to {formatUsd(target.refundable)}
                {target.refunded > 0 && ` (${formatUsd(target.refunded)} already refunded)`}.
              </>
            }
          />
        </>
      )}
    </ConfirmDialog>
  );

  return { column, dialog };
}

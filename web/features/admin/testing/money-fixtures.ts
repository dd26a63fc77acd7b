import type { AdminPaymentRow, AdminSubscriptionRow } from '@common/admin/money-schemas';

// Rows of the admin money screens, as the server answers them.

export const USER_ID = 'a0000000-0000-4000-8000-000000000001';

/** Sam's $12 monthly Deep Practice with Maya, paid up: both cancel actions open. */
export const subscription = (overrides: Partial<AdminSubscriptionRow> = {}): AdminSubscriptionRow => ({
  _id: 'c0000000-0000-4000-8000-000000000001',
  member: { _id: USER_ID, name: 'Sam Lee', email: 'sam@tend.demo' },
  tier: { _id: 't1', name: 'Deep Practice', type: 'subscription' },
  facilitator: { _id: 'f1', name: 'Maya Rivers' },
  price: 12,
  isPaid: true,
  status: 'active',
  isActive: true,
  cancelAtPeriodEnd: false,
  startDate: '2026-03-02',
  endDate: null,
  periodEnd: '2026-07-01T10:00:00.000Z',
  canCancelNow: true,
  canCancelAtPeriodEnd: true,
  ...overrides,
});

/** Sam's $12 payment, $5 of it refunded already. */
export const payment = (overrides: Partial<AdminPaymentRow> = {}): AdminPaymentRow => ({
  _id: 'e0000000-0000-4000-8000-000000000001',
  date: '2026-06-01T10:00:00.000Z',
  description: 'Deep Practice',
  facilitator: { _id: 'f1', name: 'Maya Rivers' },
  amount: 12,
  refunded: 5,
  refundable: 7,
  disputeStatus: null,
  canRefund: true,
  ...overrides,
});

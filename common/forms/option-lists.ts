/** Named option lists the forms can refer to by name. */
export const OPTION_LISTS = {
  subscriptionIntervals: [
    { value: 'week', label: 'Weekly' },
    { value: 'month', label: 'Monthly' },
    { value: 'year', label: 'Annually' },
  ],
} as const satisfies Record<string, readonly { value: string; label: string }[]>;

export type OptionListName = keyof typeof OPTION_LISTS;

import { SelectField, type SelectOption } from '@web/components/form/select-field';
import { useOwnGroups } from './api/get-own-groups';

export const NO_GROUPS_HINT = 'Create a group in Community to link it here.';

/** Tier form: one of the facilitator's own groups, or none. */
export function AssociatedGroupField({ current }: { current: string | null }) {
  const { data: groups = [] } = useOwnGroups();
  const options: SelectOption[] = groups.map((g) => ({ value: g._id, label: g.name }));
  // A linked group the list does not hold (it failed to load) stays selected rather than vanishing.
  if (current && !groups.some((g) => g._id === current)) options.unshift({ value: current, label: 'Current group' });
  return (
    <SelectField
      name="associatedGroup"
      label="Associated group"
      options={options}
      placeholder="None"
      description={groups.length === 0 ? NO_GROUPS_HINT : 'Members of this tier are linked to this group.'}
    />
  );
}

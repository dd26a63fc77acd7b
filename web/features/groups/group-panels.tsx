import type { ComponentProps } from 'react';
import { UserGroupIcon } from '@heroicons/react/24/outline';
import { EmptyPanel as SharedEmptyPanel } from '@web/components/state-panels';

export { LoadFailed } from '@web/components/state-panels';

/** The shared empty state with the group icon and a heading. */
export const EmptyPanel = (props: Omit<ComponentProps<typeof SharedEmptyPanel>, 'icon'> & { title: string }) => (
  <SharedEmptyPanel icon={UserGroupIcon} className="py-12" {...props} />
);

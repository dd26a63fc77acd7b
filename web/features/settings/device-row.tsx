import type { ComponentType, ReactNode, SVGProps } from 'react';

/**
 * One device in a Settings list (a signed-in session, a device that gets notifications): its icon
 * and name, "This device" on the one in hand, a line of dates, and what can be done to it.
 */
export function DeviceRow(props: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  name: string;
  thisDevice: boolean;
  detail: ReactNode;
  action?: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden="true" />
        <div className="text-sm">
          <p className="font-medium text-stone-900">
            {props.name}
            {props.thisDevice && (
              <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                This device
              </span>
            )}
          </p>
          <p className="text-stone-600">{props.detail}</p>
        </div>
      </div>
      {props.action}
    </li>
  );
}

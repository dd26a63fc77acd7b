import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { ContentAnswer } from '@common/content/schemas';
import { TendImage } from '@web/components/tend-image';
import { CONTENT_TYPE_DISPLAY } from '@web/components/content-types';

/** A compact icon-only action; `label` is its accessible name and tooltip. */
export function IconButton({
  label,
  icon: Icon,
  className,
  buttonRef,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> & {
  label: string;
  icon: typeof TrashIcon;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      type="button"
      ref={buttonRef}
      aria-label={label}
      title={label}
      className={clsx(
        iconActionStyles,
        'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
        className,
      )}
      {...rest}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}

export const iconActionStyles = clsx(
  'inline-flex size-10 shrink-0 items-center justify-center',
  'rounded-lg text-stone-600',
  'hover:bg-stone-100 hover:text-stone-900',
);

type ContentRowProps = {
  content: ContentAnswer;
  /** Where the edit action goes. */
  editTo: string;
  onDelete: (content: ContentAnswer) => void;
  /** Shown before the thumbnail, e.g. the queue's 'Day N'. */
  lead?: ReactNode;
  /** A line under the title. */
  detail?: ReactNode;
  /** Actions before edit and delete. */
  actions?: ReactNode;
};

/** One content item in the program page's lists: thumbnail, title, type, and its actions. */
export function ContentRow({ content, editTo, onDelete, lead, detail, actions }: ContentRowProps) {
  const type = CONTENT_TYPE_DISPLAY[content.contentType];
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-5">
      <div className="flex min-w-0 flex-1 basis-full items-center gap-3 sm:basis-auto">
        {lead}
        {content.thumbnail ? (
          <TendImage path={content.thumbnail} size="xs" alt="" className="size-12 shrink-0 rounded-lg object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
          >
            <type.icon className="size-6" />
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-stone-900">{content.title}</p>
          <p className="truncate text-xs text-stone-500">
            {type.label}
            {detail && <> · {detail}</>}
          </p>
        </div>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        {actions}
        <Link
          to={editTo}
          aria-label={`Edit ${content.title}`}
          title={`Edit ${content.title}`}
          className={iconActionStyles}
        >
          <PencilSquareIcon className="size-5" aria-hidden="true" />
        </Link>
        <IconButton
          label={`Delete ${content.title}`}
          icon={TrashIcon}
          onClick={() => onDelete(content)}
          className="hover:bg-red-50! hover:text-red-700!"
        />
      </div>
    </li>
  );
}

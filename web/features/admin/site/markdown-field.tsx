import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { EyeIcon, EyeSlashIcon } from '@heroicons/react/24/outline';
import { PAGE_MARKDOWN_MAX } from '@common/site/schemas';
import { Button } from '@web/components/button';
import { TextareaField } from '@web/components/form/textarea-field';
import { SafeMarkdown } from '@web/components/safe-markdown';

/** One page's Markdown, with a preview rendered exactly as visitors will see it. */
export function MarkdownField({ name, label, builtIn }: { name: string; label: string; builtIn: string }) {
  const [preview, setPreview] = useState(false);
  const previewId = useId();
  const value = String(useWatch({ name }) ?? '');
  return (
    <div>
      <TextareaField
        name={name}
        label={label}
        rows={8}
        maxLength={PAGE_MARKDOWN_MAX}
        inputClassName="font-mono text-sm!"
        description={
          'Markdown: # headings, **bold**, lists, [links](https://example.com). ' +
          `Leave empty to show the built-in ${builtIn}.`
        }
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setPreview((open) => !open)}
          aria-expanded={preview}
          aria-controls={previewId}
        >
          {preview ? (
            <EyeSlashIcon className="size-4" aria-hidden="true" />
          ) : (
            <EyeIcon className="size-4" aria-hidden="true" />
          )}
          {preview ? `Hide preview` : `Preview ${label}`}
        </Button>
        <span className="text-xs text-stone-500">
          {value.length.toLocaleString('en-US')} / {PAGE_MARKDOWN_MAX.toLocaleString('en-US')}
        </span>
      </div>
      {preview && (
        <section
          id={previewId}
          aria-label={`${label} preview`}
          className="mt-3 max-h-96 overflow-y-auto rounded-xl border border-stone-200 bg-stone-50 p-4"
        >
          {value.trim() ? (
            <SafeMarkdown markdown={value} />
          ) : (
            <p className="text-sm text-stone-600">Empty: visitors see the built-in {builtIn}.</p>
          )}
        </section>
      )}
    </div>
  );
}

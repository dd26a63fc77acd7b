import { SaveGroupRequest, type GroupAnswer } from '@common/groups/schemas';
import { Button } from '@web/components/button';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { Form } from '@web/components/form/form';
import { ImageField } from '@web/components/form/image-field';
import { InputField } from '@web/components/form/input-field';
import { TextareaField } from '@web/components/form/textarea-field';
import { useSaveGroup } from './api/save-group';
import { TagsField } from './tags-field';
import { formSchema } from '@web/components/form/rules';

export type GroupValues = {
  name: string;
  category: string;
  description: string;
  thumbnail: string | null;
  coverPhoto: string | null;
  isPrivate: boolean;
  isHidden: boolean;
  allowAnonymous: boolean;
  tags: string[];
  /** empty = no cap */
  memberCap: number | null;
};

// The group form's member cap placeholder, word for word.
export const MEMBER_CAP_PLACEHOLDER = 'e.g. 50';

/** What the form needs of a group: the community answer and the admin answer both carry it. */
export type GroupFormSource = Pick<GroupAnswer, keyof GroupValues>;

export const groupValuesOf = (group: GroupFormSource | undefined): GroupValues => ({
  name: group?.name ?? '',
  category: group?.category ?? '',
  description: group?.description ?? '',
  thumbnail: group?.thumbnail ?? null,
  coverPhoto: group?.coverPhoto ?? null,
  isPrivate: group?.isPrivate ?? false,
  isHidden: group?.isHidden ?? false,
  allowAnonymous: group?.allowAnonymous ?? false,
  tags: group?.tags ?? [],
  memberCap: group?.memberCap ?? null,
});

// The schema's memberCap coerces its input, so zod types that input as unknown; the form holds number | null.
export const groupFormSchema = formSchema<SaveGroupRequest, GroupValues>(SaveGroupRequest);

type GroupFormProps = {
  /** The group to edit; none creates a new one. */
  group?: GroupAnswer;
  onSaved: (group: GroupAnswer) => void;
  onCancel: () => void;
};

/** Group form, for Add new community and Edit group alike. */
export function GroupForm({ group, onSaved, onCancel }: GroupFormProps) {
  const { mutateAsync: saveGroup } = useSaveGroup();
  return (
    <Form<GroupValues, SaveGroupRequest, GroupAnswer>
      schema={groupFormSchema}
      defaultValues={groupValuesOf(group)}
      onSubmit={(values) => saveGroup({ id: group?._id ?? 'new', values })}
      onSuccess={(saved) => onSaved(saved)}
      submitLabel={group ? 'Save changes' : 'Create community'}
      aria-label={group ? 'Edit group' : 'New community'}
      actions={
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <GroupFields />
    </Form>
  );
}

const OWNER_APPROVES = 'People ask to join, and you approve each request.';

/**
 * The Group form's fields, inside a <Form> holding GroupValues: the community form
 * and the admin Group form both show them. `privateHint` words Private for whoever
 * is not the owner.
 */
export function GroupFields({ privateHint = OWNER_APPROVES }: { privateHint?: string }) {
  return (
    <>
      <InputField name="name" label="Name" required maxLength={120} placeholder="e.g. Morning Sit Circle" />
      <InputField
        name="category"
        label="Category"
        maxLength={80}
        placeholder="e.g. Meditation"
        className="sm:max-w-sm"
      />
      <TextareaField
        name="description"
        label="Description"
        rows={4}
        maxLength={5000}
        placeholder="What the community is about, who it is for, how often you meet…"
      />
      <div className="grid gap-5 md:grid-cols-2">
        <ImageField name="coverPhoto" label="Cover photo" description="Wide pictures work best." />
        <ImageField name="thumbnail" label="Thumbnail" description="A small square picture." />
      </div>
      <TagsField />
      <InputField
        name="memberCap"
        type="number"
        label="Member cap"
        placeholder={MEMBER_CAP_PLACEHOLDER}
        description="The most members the group can hold. Leave it empty for no limit."
        min={1}
        step={1}
        inputMode="numeric"
        className="sm:max-w-xs"
      />
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-stone-800">Privacy and posting</legend>
        <CheckboxField name="isPrivate" label="Private" description={privateHint} />
        <CheckboxField
          name="isHidden"
          label="Hidden"
          description="Left out of Explore; only people with the link can find it."
        />
        <CheckboxField
          name="allowAnonymous"
          label="Allow anonymous posts"
          description="Members may post without showing their name."
        />
      </fieldset>
    </>
  );
}

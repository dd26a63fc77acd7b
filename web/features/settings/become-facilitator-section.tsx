import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { BecomeFacilitatorRequest, type OwnProfileAnswer } from '@common/profiles/schemas';
import { Form } from '@web/components/form/form';
import { InputField } from '@web/components/form/input-field';
import { TextareaField } from '@web/components/form/textarea-field';
import { useBecomeFacilitator } from './api/become-facilitator';
import { BECOME_FACILITATOR_TEXTS } from './settings-texts';

type Values = z.input<typeof BecomeFacilitatorRequest>;

/**
 * Settings, Become a facilitator (a member, while the site allows it): the facilitator's profile
 * fields, then the account turns into a facilitator's and opens their dashboard.
 */
export function BecomeFacilitatorSection({ profile }: { profile: OwnProfileAnswer }) {
  const navigate = useNavigate();
  const { mutateAsync: become } = useBecomeFacilitator();
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">{BECOME_FACILITATOR_TEXTS.intro}</p>
      <Form<Values, z.output<typeof BecomeFacilitatorRequest>, OwnProfileAnswer>
        schema={BecomeFacilitatorRequest}
        aria-label={BECOME_FACILITATOR_TEXTS.title}
        submitLabel={BECOME_FACILITATOR_TEXTS.submit}
        defaultValues={{ bio: profile.bio, facilitatorCategory: profile.facilitatorCategory }}
        onSubmit={(values) => become(values)}
        onSuccess={async () => {
          toast.success(BECOME_FACILITATOR_TEXTS.done);
          await navigate('/dashboard');
        }}
      >
        <TextareaField
          name="bio"
          label={BECOME_FACILITATOR_TEXTS.bioLabel}
          description={BECOME_FACILITATOR_TEXTS.bioHint}
          rows={4}
          maxLength={2000}
        />
        <InputField
          name="facilitatorCategory"
          label={BECOME_FACILITATOR_TEXTS.categoryLabel}
          description={BECOME_FACILITATOR_TEXTS.categoryHint}
          maxLength={80}
        />
      </Form>
    </div>
  );
}

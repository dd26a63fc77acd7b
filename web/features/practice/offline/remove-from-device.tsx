import { Button } from '@web/components/button';
import { removeSaved } from './saved-media';

/** "Remove": takes one saved item's files off this device (beside its player and in the saved list). */
export function RemoveFromDevice({ content }: { content: { _id: string; title: string } }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Remove ${content.title} from this device`}
      onClick={() => removeSaved([content._id])}
    >
      Remove
    </Button>
  );
}

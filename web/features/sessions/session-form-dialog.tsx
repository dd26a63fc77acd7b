import type { SessionAnswer } from '@common/sessions/schemas';
import { ModalFrame } from '@web/components/modal-frame';
import { SessionForm } from './session-form';
import { SESSION_TEXTS } from './session-texts';

type SessionFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The session to edit; none adds a new one. */
  session?: SessionAnswer;
  onSaved: (session: SessionAnswer) => void;
};

/** The session form in a modal, for 'Add session' and a session's Edit. */
export function SessionFormDialog({ open, onClose, session, onSaved }: SessionFormDialogProps) {
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      title={session ? SESSION_TEXTS.editSession : SESSION_TEXTS.addSession}
      size="lg"
    >
      {/* The dialog unmounts its content when closed, so each opening starts from the session as it is now. */}
      <SessionForm key={session?._id ?? 'new'} session={session} onSaved={onSaved} onCancel={onClose} />
    </ModalFrame>
  );
}

import { useState, type FormEvent } from 'react';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG } from '@traffic/shared/messages';
import { useSignedInUser } from '../../app/session/index.ts';
import { notify } from '../../app/toast.ts';
import { FormCard } from '../../components/form-card.tsx';
import { useSendSupportRequestMutation } from './api/send-support-request.ts';
import { checkSupportForm, emailError, MESSAGE_MAX } from './support-form-model.ts';
import { WaitDialog } from './wait-dialog.tsx';

/** /support: a message to the support team, answered at the email given here. */
export function SupportPage() {
  const user = useSignedInUser();
  const [email, setEmail] = useState(user.email);
  const [message, setMessage] = useState('');
  // The email's message shows once the address was changed or a send was tried, not on an untouched field.
  const [checkEmail, setCheckEmail] = useState(false);
  const send = useSendSupportRequestMutation();
  const invalidEmail = checkEmail ? emailError(email) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setCheckEmail(true);
    const failure = checkSupportForm(email, message);
    if (failure) {
      notify.error(failure);
      return;
    }
    send.mutate(
      { email: email.trim(), username: user.username, msg: message.trim() },
      {
        onSuccess: () => {
          notify.success(MSG.supportSent);
          setMessage('');
        },
        onError: () => notify.error(MSG.supportFailed),
      },
    );
  }

  return (
    <FormCard title="Support" subtitle="Tell us what you need; we answer at the email below." maxWidth="sm">
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label="Support request">
        <TextField
          label="Username"
          value={user.username}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
          helperText="Your account"
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          fullWidth
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setCheckEmail(true);
          }}
          error={invalidEmail !== null}
          helperText={invalidEmail}
        />
        <TextField
          label="Message"
          fullWidth
          multiline
          minRows={6}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        />
        <div>
          <Button type="submit" variant="contained" size="large" endIcon={<SendIcon />} disabled={send.isPending}>
            Send Message
          </Button>
        </div>
      </Stack>
      <WaitDialog open={send.isPending} text={MSG.supportWait} />
    </FormCard>
  );
}

import { useState } from 'react';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../shell/paths.ts';
import { FormCard } from '../../components/form-card.tsx';
import { EmailStep } from './components/email-step.tsx';
import { NewPasswordStep } from './components/new-password-step.tsx';
import { OtpStep } from './components/otp-step.tsx';

const STEPS = ['Email', 'Verify OTP', 'New Password'] as const;

/** docs/product.md section 4: steps 0 email, 1 OTP, 2 new password, 3 done; each moves on only when its call succeeds. */
export function ForgotPasswordPage() {
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  // Held in memory only: the single-use token from the verified code, which the new password needs.
  const [resetToken, setResetToken] = useState('');

  return (
    <FormCard title="Forgot password" maxWidth="sm">
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && (
        <EmailStep
          initialEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep(1);
          }}
        />
      )}
      {step === 1 && (
        <OtpStep
          email={email}
          onVerified={(token) => {
            setResetToken(token);
            setStep(2);
          }}
          onBack={() => setStep(0)}
        />
      )}
      {step === 2 && (
        <NewPasswordStep
          email={email}
          resetToken={resetToken}
          onReset={() => {
            setResetToken('');
            setStep(3);
          }}
        />
      )}
      {step === 3 && (
        <Stack spacing={2.5} role="status">
          <Typography>Your password has been changed. Log in with your new password.</Typography>
          <Button variant="contained" size="large" component={RouterLink} to={paths.login()}>
            Go to Login
          </Button>
        </Stack>
      )}
    </FormCard>
  );
}

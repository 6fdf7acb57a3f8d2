import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../shell/paths.ts';
import { EmailText } from '../../../components/email-text.tsx';

/**
 * Whom an admin table's row is about: the username, which opens the customer page, over the
 * e-mail. `wrap` breaks a long username anywhere (a fixed-width column).
 */
export function UserCell({ user, wrap = false }: { user: { id: number; username: string; email: string }; wrap?: boolean }) {
  return (
    <TableCell>
      <Link component={RouterLink} to={paths.customer(user.id)} sx={{ fontWeight: 600, ...(wrap ? { overflowWrap: 'anywhere' } : {}) }}>
        {user.username}
      </Link>
      <Typography variant="body2" color="text.secondary">
        <EmailText email={user.email} />
      </Typography>
    </TableCell>
  );
}

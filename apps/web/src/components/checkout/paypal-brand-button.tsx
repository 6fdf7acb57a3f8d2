import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** A button in PayPal's own colours, for where PayPal's script is not (sandbox mode, visitors). */
export function PaypalBrandButton({ onClick, disabled, describedBy }: { onClick: () => void; disabled?: boolean; describedBy?: string }) {
  return (
    <Button
      variant="contained"
      size="large"
      fullWidth
      disabled={disabled}
      onClick={onClick}
      aria-label="PayPal"
      aria-describedby={describedBy}
      sx={{
        bgcolor: '#ffc439',
        color: '#111',
        fontWeight: 700,
        textTransform: 'none',
        '&:hover': { bgcolor: '#f2ba36' },
      }}
    >
      <Box component="span" aria-hidden sx={{ fontStyle: 'italic', fontSize: '1.05rem', letterSpacing: 0.2 }}>
        <Box component="span" sx={{ color: '#003087' }}>
          Pay
        </Box>
        {/* PayPal's light blue (#009cde) reads at 1.9:1 on the gold; its darker blue keeps the two-tone mark at 6:1. */}
        <Box component="span" sx={{ color: '#00457c' }}>
          Pal
        </Box>
      </Box>
    </Button>
  );
}

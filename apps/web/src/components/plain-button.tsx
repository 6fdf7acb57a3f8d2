import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

export type PlainButtonVariant = 'text' | 'contained' | 'outlined';

/**
 * The look of MUI's Button (text, contained, outlined; medium or large) for a ButtonBase: the app
 * bar, the landing page and the error screen use it so that the first page a visitor opens loads
 * no Button module (and the progress spinner Button carries for its `loading` state). Everything
 * after the first page uses MUI's Button itself.
 */
export function plainButtonSx(
  variant: PlainButtonVariant = 'text',
  size: 'medium' | 'large' = 'medium',
): (theme: Theme) => SystemStyleObject<Theme> {
  return (theme) => ({
    ...theme.typography.button,
    fontSize: size === 'large' ? '0.9375rem' : theme.typography.button.fontSize,
    gap: 1,
    minWidth: 64,
    px: variant === 'text' ? 1 : size === 'large' ? 2.75 : 2,
    py: size === 'large' ? 1 : 0.75,
    borderRadius: `${theme.shape.borderRadius}px`,
    color: variant === 'contained' ? theme.palette.primary.contrastText : variant === 'outlined' ? theme.palette.primary.main : 'inherit',
    bgcolor: variant === 'contained' ? 'primary.main' : 'transparent',
    border: variant === 'outlined' ? `1px solid ${theme.palette.primary.main}80` : 'none',
    transition: theme.transitions.create(['background-color', 'border-color']),
    '&:hover': { bgcolor: variant === 'contained' ? 'primary.dark' : 'action.hover' },
    '&.Mui-focusVisible, &:focus-visible': { outline: `2px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
    '& svg': { fontSize: size === 'large' ? 22 : 20 },
  });
}

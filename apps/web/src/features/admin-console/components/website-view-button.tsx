import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../shell/paths.ts';

/** docs/product.md section 2: a normal website opens in /viewWebsite/{id}, any other type in /edit-website/{id}. */
export function websiteViewPath(website: { id: number; type: string }): string {
  return website.type === 'normal' ? paths.viewWebsite(website.id) : paths.editWebsite(website.id);
}

export function WebsiteViewButton({ website }: { website: { id: number; type: string; url: string } }) {
  return (
    <Button
      component={RouterLink}
      to={websiteViewPath(website)}
      size="small"
      variant="outlined"
      startIcon={<VisibilityIcon fontSize="small" />}
      aria-label={`View ${website.url}`}
    >
      View
    </Button>
  );
}

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { externalLinks } from '../../shell/links.ts';
import { LandingPage } from './landing-page.tsx';

function renderLanding() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

describe('LandingPage', () => {
  it('shows the version label', () => {
    renderLanding();
    expect(screen.getByText('V2.1.6')).toBeVisible();
  });

  it('sends Get Started to /home', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/home');
  });

  it('links to the terms of service at /tos', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/tos');
  });

  it('opens the external blog in a new tab without handing it the opener', () => {
    renderLanding();
    const blog = screen.getByRole('link', { name: /blog/i });
    expect(blog).toHaveAttribute('href', externalLinks.blog);
    expect(blog).toHaveAttribute('target', '_blank');
    expect(blog.getAttribute('rel')).toContain('noopener');
  });

  it('names the product in a single top-level heading', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/website traffic/i);
  });
});

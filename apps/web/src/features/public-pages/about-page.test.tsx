import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import AboutPage from './about-page.tsx';
import { externalLinks } from '../../shell/links.ts';

function renderAbout() {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <AboutPage />
    </MemoryRouter>,
  );
}

describe('AboutPage', () => {
  it('says the company was founded in 2008 with a first branch in India', () => {
    renderAbout();
    expect(screen.getByText(/founded in 2008 with a first branch in India/)).toBeVisible();
  });

  it('says it has offices or customers in several countries', () => {
    renderAbout();
    expect(screen.getByText(/offices or customers in several countries/)).toBeVisible();
  });

  it('opens the video tutorials in a new tab without handing them the opener', () => {
    renderAbout();
    const tutorials = screen.getByRole('link', { name: /video tutorials/i });
    expect(tutorials).toHaveAttribute('href', externalLinks.videoTutorials);
    expect(tutorials).toHaveAttribute('target', '_blank');
    expect(tutorials.getAttribute('rel')).toContain('noopener');
  });

  it('links to the support contact at /support', () => {
    renderAbout();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  });

  it("ends with the footer 'all rights reserved 2019'", () => {
    renderAbout();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(/^all rights reserved 2019$/);
  });

  it('has a single top-level heading', () => {
    renderAbout();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

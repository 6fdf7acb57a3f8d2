import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import TermsPage from './terms-page.tsx';

const SECTION_HEADINGS = [
  'Accounts',
  'Termination',
  'Websites',
  'Purchases',
  'Subscriptions',
  'Refund policy',
  'Availability',
  'Intellectual property',
  'Liability',
  'Disclaimer',
  'Governing law',
  'Contact',
];

function renderTerms() {
  return render(
    <MemoryRouter initialEntries={['/tos']}>
      <TermsPage />
    </MemoryRouter>,
  );
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('TermsPage', () => {
  it('is titled Terms of Service', () => {
    renderTerms();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms of Service');
  });

  it('has every section of the terms as a headed section, in order', () => {
    renderTerms();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(SECTION_HEADINGS);
    for (const name of SECTION_HEADINGS) {
      expect(section(name)).toBeInTheDocument();
    }
  });

  it('links each section from the table of contents', () => {
    renderTerms();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    for (const name of SECTION_HEADINGS) {
      const link = within(nav).getByRole('link', { name: new RegExp(`${name}$`) });
      const target = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(target)).toBe(section(name));
    }
  });

  it('allows one account per person, household or IP address', () => {
    renderTerms();
    expect(within(section('Accounts')).getByText(/one account is allowed per person, household or IP address/i)).toBeInTheDocument();
  });

  it('bills monthly with automatic renewal', () => {
    renderTerms();
    expect(within(section('Subscriptions')).getByText(/monthly billing and automatic renewal/i)).toBeInTheDocument();
  });

  it('grants a 100% refund within 30 days only via support, refusable on fraud or a mostly used package', () => {
    renderTerms();
    const refunds = within(section('Refund policy'));
    expect(refunds.getByText(/100% refund within 30 days/)).toBeInTheDocument();
    expect(refunds.getByText(/handled only through our support team/)).toBeInTheDocument();
    expect(refunds.getByRole('link', { name: 'support page' })).toHaveAttribute('href', '/support');
    const refusal = refunds.getByText(/may refuse a refund/);
    expect(refusal).toHaveTextContent(/suspect fraud/);
    expect(refusal).toHaveTextContent(/package has mostly been used/);
  });

  it('does not guarantee hit results on third-party sites', () => {
    renderTerms();
    expect(within(section('Disclaimer')).getByText(/hit results on third-party sites are not guaranteed/i)).toBeInTheDocument();
  });

  it('gives a way to contact the team', () => {
    renderTerms();
    expect(within(section('Contact')).getByRole('link', { name: 'support page' })).toHaveAttribute('href', '/support');
  });
});

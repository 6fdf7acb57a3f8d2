import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import PricingsPage from './pricings-page.tsx';

const PLANS = [
  { name: 'Basic', price: '$14.99', hits: '1,000', slots: '6', extras: [] },
  { name: 'Standard', price: '$44.99', hits: '4,200', slots: '25', extras: [] },
  { name: 'Premium', price: '$74.99', hits: '10,000', slots: '50', extras: [] },
  { name: 'Premium Plus', price: '$349.99', hits: '50,000', slots: '100', extras: ['Dedicated account manager'] },
];

const FEATURES = [
  'Direct traffic',
  'Referral traffic',
  'Organic search',
  'Bounce rate reduction',
  'Geo location',
  'Random clicks',
  'Page scrolls',
  'Adult content accepted',
];

function renderPricings() {
  return render(
    <MemoryRouter initialEntries={['/pricings']}>
      <PricingsPage />
    </MemoryRouter>,
  );
}

describe('PricingsPage', () => {
  it("is titled 'Choose the best Pricing plan for you'", () => {
    renderPricings();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Choose the best Pricing plan for you$/);
  });

  it('shows exactly the four fixed plans, in order', () => {
    renderPricings();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(PLANS.map((plan) => plan.name));
  });

  it.each(PLANS)('shows $name at $price per month with $hits hits per day and $slots slots', ({ name, price, hits, slots }) => {
    renderPricings();
    const card = within(screen.getByRole('article', { name }));
    expect(card.getByText(price, { exact: false })).toHaveTextContent(`${price}/ month`);
    // The figures as Pricing (/pricing) shows them: the same card on both pages.
    expect(card.getByText('Hits per day').nextSibling).toHaveTextContent(hits);
    expect(card.getByText('Slots').nextSibling).toHaveTextContent(slots);
  });

  it.each(PLANS)('lists every all-plan feature on $name, after what only it adds', ({ name, extras }) => {
    renderPricings();
    const features = within(screen.getByRole('list', { name: `${name} features` }));
    expect(features.getAllByRole('listitem').map((item) => item.textContent)).toEqual([...extras, ...FEATURES]);
  });

  it('gives only Premium Plus a dedicated account manager', () => {
    renderPricings();
    expect(within(screen.getByRole('article', { name: 'Premium Plus' })).getByText('Dedicated account manager')).toBeInTheDocument();
    expect(screen.getAllByText('Dedicated account manager')).toHaveLength(1);
  });

  it.each(PLANS)('sends the $name call to action to /register', ({ name }) => {
    renderPricings();
    const card = within(screen.getByRole('article', { name }));
    expect(card.getByRole('link', { name: `Choose ${name}` })).toHaveAttribute('href', '/register');
  });
});

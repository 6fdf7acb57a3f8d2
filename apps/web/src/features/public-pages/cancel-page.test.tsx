import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../shell/toast.ts';
import backgroundUrl from './assets/cancel-background.svg';
import CancelPage from './cancel-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  act(() => toast.dismiss());
});

function renderCancel() {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={['/cancel']}>
        <CancelPage />
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('CancelPage', () => {
  it("raises the error toast 'Purchase cancelled' once, even under StrictMode", () => {
    const error = vi.spyOn(notify, 'error');
    const success = vi.spyOn(notify, 'success');
    renderCancel();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Purchase cancelled');
    expect(success).not.toHaveBeenCalled();
  });

  it('shows the toast on screen as an error', async () => {
    render(<ToastContainer />);
    renderCancel();
    const message = await screen.findByText('Purchase cancelled');
    expect(message.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    expect(screen.getAllByText('Purchase cancelled')).toHaveLength(1);
  });

  it('links to /home and /pricing', () => {
    renderCancel();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'View pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('draws the page over a local background image', () => {
    renderCancel();
    const main = screen.getByRole('main');
    expect(backgroundUrl).not.toMatch(/^https?:/);
    expect(getComputedStyle(main).backgroundImage).toContain(backgroundUrl);
  });
});

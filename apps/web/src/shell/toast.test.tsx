import { act, render, screen } from '@testing-library/react';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from './toast.ts';

afterEach(() => {
  act(() => toast.dismiss());
});

describe('notify', () => {
  it('shows a message that is already on screen only once', async () => {
    render(<ToastContainer />);
    act(() => {
      notify.error('Purchase cancelled');
      notify.error('Purchase cancelled');
    });
    await screen.findByText('Purchase cancelled');
    act(() => notify.error('Purchase cancelled'));
    expect(screen.getAllByText('Purchase cancelled')).toHaveLength(1);
  });

  it('shows different messages side by side', async () => {
    render(<ToastContainer />);
    act(() => {
      notify.success('Support request sent successfully!');
      notify.error('Purchase cancelled');
    });
    expect(await screen.findByText('Support request sent successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Purchase cancelled')).toBeInTheDocument();
  });

  it('shows a titled toast as a bold title line stacked over the text at full width, once', async () => {
    render(<ToastContainer />);
    act(() => {
      notify.titled.success('Success', 'Notification sent successfully');
      notify.titled.success('Success', 'Notification sent successfully');
    });
    const text = await screen.findByText('Notification sent successfully');
    expect(screen.getByText('Success').tagName).toBe('STRONG');
    // Title and detail are stacked in one column, not laid out side by side by react-toastify's row.
    const box = text.parentElement!;
    expect(box).toContainElement(screen.getByText('Success'));
    expect(box).toHaveStyle({ display: 'flex', flexDirection: 'column' });
    expect(screen.getAllByText('Notification sent successfully')).toHaveLength(1);
  });
});

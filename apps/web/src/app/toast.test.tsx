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

  it('shows a titled toast as a bold title line over the text, once', async () => {
    render(<ToastContainer />);
    act(() => {
      notify.titled.success('Success', 'Notification sent successfully');
      notify.titled.success('Success', 'Notification sent successfully');
    });
    const text = await screen.findByText('Notification sent successfully');
    expect(screen.getByText('Success').tagName).toBe('STRONG');
    expect(text).toContainElement(screen.getByText('Success'));
    expect(screen.getAllByText('Notification sent successfully')).toHaveLength(1);
  });
});

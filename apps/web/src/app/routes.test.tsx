import { render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ErrorScreen } from './error-screen.tsx';
import { appRoutes } from './routes.tsx';

function renderAt(path: string, routes: RouteObject[] = appRoutes) {
  return render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

describe('app routes', () => {
  it('loads the landing page at /', async () => {
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });

  it('shows Page not found with a way home for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/');
  });

  it('does not serve a screen that is not built yet', async () => {
    renderAt('/home');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('replaces a crashed screen with the generic error screen', async () => {
    // React reports the caught render error on the console; the screen is what is under test.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => consoleError.mockRestore());
    const Crash = () => {
      throw new Error('boom');
    };
    renderAt('/', [{ path: '/', Component: Crash, ErrorBoundary: ErrorScreen }]);
    expect(await screen.findByText("Something went wrong... It's not you its us.")).toBeInTheDocument();
  });
});

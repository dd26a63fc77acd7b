// @vitest-environment jsdom
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { RouteFocus } from './route-focus';

/**
 * A layout like the app's: a header link outside <main>, the phone's side menu (a modal dialog
 * that is still closing when the new page has come), the page inside <main>, the announcer beside.
 */
function Layout() {
  return (
    <>
      <header>
        <Link to="/practice">Today (header)</Link>
      </header>
      <div role="dialog" aria-modal="true" aria-label="Menu">
        <Link to="/practice">Today (side menu)</Link>
      </div>
      <main>
        <Outlet />
      </main>
      <RouteFocus />
    </>
  );
}

function Page({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <>
      <title>{`${title} · Tend`}</title>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** Lets the slow page's data come when the test says so. */
let arriveData: () => void = () => undefined;

/** A page that draws its heading only once its data has come (a later render). */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    arriveData = () => setLoaded(true);
  }, []);
  return loaded ? <Page title="Messages" /> : <p role="status">Loading…</p>;
}

function renderApp(start = '/') {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          {
            path: '/',
            element: (
              <Page title="Home">
                <Link to="/practice">Today's practice</Link>
                <Link to="/?tab=2">Second tab</Link>
                <Link to="/code">Enter a code</Link>
                <Link to="/messages">Messages</Link>
                <Link to="/welcome">Welcome</Link>
              </Page>
            ),
          },
          { path: '/practice', element: <Page title="Today's practice" /> },
          {
            path: '/code',
            element: (
              <Page title="Enter your code">
                <label>
                  Code
                  <input autoFocus />
                </label>
              </Page>
            ),
          },
          { path: '/messages', element: <SlowPage /> },
          {
            path: '/welcome',
            element: (
              <Page title="Welcome">
                <div role="dialog" aria-modal="true" aria-label="Tour">
                  <button type="button" autoFocus>
                    Start the tour
                  </button>
                </div>
              </Page>
            ),
          },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const announcer = () => screen.getByTestId('route-announcer');
const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
/** More animation frames than the heading waits before it takes focus, if it will. */
const someFrames = () =>
  act(async () => {
    for (let i = 0; i < 6; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });

describe('focus and announcement on a route change', () => {
  it('leaves the first page alone: focus where the browser put it, nothing announced', async () => {
    renderApp();
    await someFrames();
    expect(heading('Home')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    expect(announcer().textContent).toBe('');
    expect(announcer().getAttribute('aria-live')).toBe('polite');
  });

  it("moves focus to the new page's h1 and announces its title after a link in the page is followed", async () => {
    renderApp();
    const link = screen.getByRole('link', { name: "Today's practice" });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(announcer().textContent).toBe("Today's practice · Tend"));
    expect(document.activeElement).toBe(heading("Today's practice"));
    expect(heading("Today's practice").getAttribute('tabindex')).toBe('-1');
  });

  it('takes focus from a header link that stays on screen (outside <main>)', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Today (header)' });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(announcer().textContent).toBe("Today's practice · Tend"));
    expect(document.activeElement).toBe(heading("Today's practice"));
  });

  it('takes focus from a link in a dialog that was open before the change (the side menu, closing)', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Today (side menu)' });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(announcer().textContent).toBe("Today's practice · Tend"));
    expect(document.activeElement).toBe(heading("Today's practice"));
  });

  it('takes focus back from the button a closing side menu gives it late, unless the member moved it', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Today (side menu)' });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement).toBe(heading("Today's practice")));
    // the side menu's leave transition ends and it restores focus to a header control
    const header = screen.getByRole('link', { name: 'Today (header)' });
    act(() => header.focus());
    expect(document.activeElement).toBe(heading("Today's practice"));
    // a key of the member's is theirs to follow
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => header.focus());
    expect(document.activeElement).toBe(header);
  });

  it('leaves later focus alone after a link outside any dialog (a screen reader may move it without a key)', async () => {
    renderApp();
    const header = screen.getByRole('link', { name: 'Today (header)' });
    header.focus();
    fireEvent.click(header);
    await waitFor(() => expect(document.activeElement).toBe(heading("Today's practice")));
    act(() => header.focus());
    expect(document.activeElement).toBe(header);
  });

  it('keeps focus in a dialog the new page opened', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Welcome' });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(announcer().textContent).toBe('Welcome · Tend'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start the tour' }));
  });

  it('does nothing when only the search changes (tabs and paging keep their own focus)', async () => {
    const router = renderApp();
    const link = screen.getByRole('link', { name: 'Second tab' });
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    await someFrames();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Second tab' }));
    expect(announcer().textContent).toBe('');
  });

  it('keeps the focus a page gave itself, and still announces the page', async () => {
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Enter a code' }));
    await waitFor(() => expect(announcer().textContent).toBe('Enter your code · Tend'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
  });

  it('waits for a heading drawn after the data has come', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Messages' });
    link.focus();
    fireEvent.click(link);
    await screen.findByRole('status');
    await someFrames();
    expect(announcer().textContent).toBe('');
    act(() => arriveData());
    await waitFor(() => expect(announcer().textContent).toBe('Messages · Tend'));
    expect(document.activeElement).toBe(heading('Messages'));
  });

  it('leaves focus to the member who pressed a key before the heading came, and still announces', async () => {
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Messages' }));
    await screen.findByRole('status');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => arriveData());
    await waitFor(() => expect(announcer().textContent).toBe('Messages · Tend'));
    expect(document.activeElement).not.toBe(heading('Messages'));
  });

  it('announces a page again on the way back (Back), and focuses its heading', async () => {
    const router = renderApp();
    fireEvent.click(screen.getByRole('link', { name: "Today's practice" }));
    await waitFor(() => expect(announcer().textContent).toBe("Today's practice · Tend"));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(announcer().textContent).toBe('Home · Tend'));
    expect(document.activeElement).toBe(heading('Home'));
  });
});

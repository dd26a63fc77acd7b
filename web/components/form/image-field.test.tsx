// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { Form } from './form';
import { ImageField } from './image-field';
import { errorText } from '@common/errors';
import { FakeXhr } from '@web/testing/fake-xhr';

const TOO_BIG = 'File size too big. Images must be under 10mb';

/** An image file claiming `size` bytes without allocating them. */
function imageOfSize(size: number) {
  const file = new File(['x'], 'photo.png', { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderWithApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const fileInput = () => screen.getByLabelText('Thumbnail') as HTMLInputElement;

/** The API's stand-in: image config and upload signature. */
function answerImageApi() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/image-config') {
      return Response.json({ urlEndpoint: '/images', publicKey: 'public_tend', uploadUrl: '/api/images/upload' });
    }
    if (url === '/api/image-upload-auth')
      return Response.json({ signature: 'sig', token: 'tok', expire: 1_900_000_000 });
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImageField size limit', () => {
  it('refuses a file of 10,000,000 bytes with a 1 s toast at top-center, before any call', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const onChange = vi.fn();
    const user = renderWithApp(<ImageField label="Thumbnail" value={null} onChange={onChange} />);

    await user.upload(fileInput(), imageOfSize(10_000_000));

    const toast = await screen.findByText(TOO_BIG);
    const toaster = toast.closest('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    expect(toaster?.getAttribute('data-x-position')).toBe('center');
    expect(screen.queryByText(/Uploading…/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeXhr.last).toBeUndefined();
    expect(onChange).not.toHaveBeenCalled();
    // Gone after about a second, not the default five.
    await waitForElementToBeRemoved(() => screen.queryByText(TOO_BIG), { timeout: 2500 });
  });

  it('starts uploading a file one byte under the limit', async () => {
    answerImageApi();
    const user = renderWithApp(<ImageField label="Thumbnail" value={null} onChange={vi.fn()} />);
    await user.upload(fileInput(), imageOfSize(9_999_999));
    expect((await screen.findByRole('status')).textContent).toBe('Uploading… 0%');
    expect(screen.queryByText(TOO_BIG)).toBeNull();
  });
});

describe('ImageField upload', () => {
  it('shows the percent, then Generating Preview..., then the preview with Replace and Remove', async () => {
    answerImageApi();
    const onSubmit = vi.fn(async () => undefined);
    const user = renderWithApp(
      <Form defaultValues={{ content: { thumbnail: null } }} onSubmit={onSubmit}>
        <ImageField name="content.thumbnail" label="Thumbnail" />
      </Form>,
    );

    await user.upload(fileInput(), imageOfSize(2_000));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    expect(FakeXhr.last?.url).toBe('/api/images/upload');

    act(() => FakeXhr.last!.progress(42));
    expect(screen.getByRole('status').textContent).toBe('Uploading… 42%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');

    act(() => FakeXhr.last!.progress(100));
    expect(screen.getByRole('status').textContent).toBe('Generating Preview...');

    act(() =>
      FakeXhr.last!.answer(200, { filePath: '/uploads/photo.png', fileId: 'f1', name: 'photo.png', size: 2000 }),
    );
    const preview = (await screen.findByRole('img', { name: 'Thumbnail preview' })) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('/images/uploads/photo.png?tr=w-600');
    expect(screen.getByRole('status').textContent).toBe('Generating Preview...');

    fireEvent.load(preview);
    expect(screen.queryByText('Generating Preview...')).toBeNull();
    expect(screen.getByRole('button', { name: 'Replace' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ content: { thumbnail: 'uploads/photo.png' } });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ content: { thumbnail: null } });
  });

  it("shows the host's refusal under the field: the text it sent for its code", async () => {
    answerImageApi();
    const user = renderWithApp(<ImageField label="Thumbnail" value={null} onChange={vi.fn()} />);
    await user.upload(fileInput(), imageOfSize(2_000));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    act(() => FakeXhr.last!.answer(400, { error: 'not_an_image', message: errorText('not_an_image') }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorText('not_an_image'));
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ImageField cancel and retry', () => {
  it('Cancel aborts the upload; Retry sends the file again and stores it', async () => {
    answerImageApi();
    const onChange = vi.fn();
    const user = renderWithApp(<ImageField label="Thumbnail" value={null} onChange={onChange} />);
    await user.upload(fileInput(), imageOfSize(2_000));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const first = FakeXhr.last!;
    act(() => first.progress(30));

    await user.click(screen.getByRole('button', { name: 'Cancel upload of Thumbnail' }));
    expect(first.aborted).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Upload cancelled.');
    expect(onChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Retry upload of Thumbnail' }));
    await waitFor(() => expect(FakeXhr.last).not.toBe(first));
    act(() =>
      FakeXhr.last!.answer(200, { filePath: 'uploads/photo.png', fileId: 'f1', name: 'photo.png', size: 2000 }),
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('uploads/photo.png'));
  });
});

describe('ImageField developer error', () => {
  it("throws 'ImageField is missing an update function' outside a form without onChange", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderWithApp(<ImageField label="Thumbnail" value={null} />)).toThrow(
      'ImageField is missing an update function',
    );
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoPicker } from '@/features/properties/components/photo-picker/photo-picker';
import { usePhotoUploads } from '@/features/properties/components/photo-picker/use-photo-uploads';
import { activateLocale } from '@/i18n/i18n';
import { renderWithProviders } from '@/testing/render';

function Picker() {
  const photos = usePhotoUploads();
  return (
    <PhotoPicker
      photos={photos.photos}
      rejections={photos.rejections}
      onAdd={photos.add}
      onRemove={photos.remove}
      disabled={false}
    />
  );
}

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

/** The dropzone's hidden file input (what "click to choose" opens). */
const fileInput = (container: HTMLElement) => {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

// jsdom has no object URLs.
let created: string[] = [];
const revoke = vi.fn();
beforeEach(() => {
  created = [];
  revoke.mockClear();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${created.length}-${blob instanceof File ? blob.name : 'blob'}`;
      created.push(url);
      return url;
    },
    revokeObjectURL: revoke,
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const chosen = () => screen.queryByRole('list', { name: 'Chosen photos' });

describe('PhotoPicker', () => {
  it('lists the chosen images with a preview, name and size, the first as cover', async () => {
    const { container } = renderWithProviders(<Picker />);
    // The input takes the image types by type and extension.
    expect(fileInput(container).accept).toContain('image/jpeg');
    expect(fileInput(container).accept).toContain('.heic');
    await userEvent.upload(fileInput(container), [
      file('fachada.jpg', 'image/jpeg', 2.5 * 1024 * 1024),
      file('plano.png', 'image/png', 850 * 1024),
    ]);
    const items = await within(
      await screen.findByRole('list', { name: 'Chosen photos' }),
    ).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('fachada.jpg')).toBeInTheDocument();
    expect(within(first).getByText('2.5 MB')).toBeInTheDocument();
    expect(within(first).getByText('Cover')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', created[0]);
    expect(within(second).getByText('plano.png')).toBeInTheDocument();
    expect(within(second).getByText('850 KB')).toBeInTheDocument();
    expect(within(second).queryByText('Cover')).toBeNull();
    expect(screen.getByText('2 of 20 photos')).toBeInTheDocument();
  });

  it('speaks Spanish when that is the language: the zone, sizes, counts, cover and reasons', async () => {
    await act(() => activateLocale('es-CL'));
    const { container } = renderWithProviders(<Picker />);
    expect(screen.getByRole('group', { name: 'Fotos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar fotos' })).toHaveAccessibleDescription(
      'JPEG, PNG, WebP, HEIC/HEIF o AVIF, hasta 25 MB cada una, máximo 20. La primera es la portada.',
    );
    const facade = file('fachada.jpg', 'image/jpeg', 2.5 * 1024 * 1024);
    await userEvent.upload(fileInput(container), [facade]);
    await userEvent.upload(fileInput(container), [facade, file('plano.png', 'image/png', 10)]);
    const list = await screen.findByRole('list', { name: 'Fotos elegidas' });
    const [first] = (await within(list).findAllByRole('listitem')) as [HTMLElement];
    expect(within(first).getByText('2,5 MB')).toBeInTheDocument();
    expect(within(first).getByText('Portada')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Quitar fachada.jpg' })).toBeInTheDocument();
    expect(screen.getByText('2 de 20 fotos')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('fachada.jpg ya está en la lista');
  });

  it('rejects a non-image with a message naming it, and adds the images picked with it', async () => {
    const { container } = renderWithProviders(<Picker />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(container), [
      file('contrato.pdf', 'application/pdf', 1000),
      file('living.webp', 'image/webp', 1000),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'contrato.pdf: only JPEG, PNG, WebP, HEIC/HEIF and AVIF images can be uploaded',
    );
    const list = await screen.findByRole('list', { name: 'Chosen photos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('living.webp')).toBeInTheDocument();
    expect(within(list).queryByText('contrato.pdf')).toBeNull();
  });

  it('rejects an image over 25 MB, naming it', async () => {
    const { container } = renderWithProviders(<Picker />);
    await userEvent.upload(fileInput(container), [
      file('panorama.jpg', 'image/jpeg', 26 * 1024 * 1024),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'panorama.jpg is 26 MB, larger than the 25 MB allowed',
    );
    expect(chosen()).toBeNull();
  });

  it('removes a file before upload and revokes its preview', async () => {
    const { container } = renderWithProviders(<Picker />);
    await userEvent.upload(fileInput(container), [
      file('a.jpg', 'image/jpeg', 1000),
      file('b.jpg', 'image/jpeg', 2000),
    ]);
    await screen.findByRole('list', { name: 'Chosen photos' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.jpg' }));
    expect(revoke).toHaveBeenCalledWith(created[0]);
    const list = screen.getByRole('list', { name: 'Chosen photos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).queryByText('a.jpg')).toBeNull();
    // The one left is now the cover.
    expect(within(list).getByText('Cover')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(chosen()).toBeNull();
    expect(revoke).toHaveBeenCalledWith(created[1]);
  });

  it('takes at most 20 photos and the same file once', async () => {
    const { container } = renderWithProviders(<Picker />);
    const same = file('dup.jpg', 'image/jpeg', 10);
    await userEvent.upload(fileInput(container), [same]);
    await userEvent.upload(fileInput(container), [
      same,
      ...Array.from({ length: 20 }, (_, i) => file(`p${i + 1}.jpg`, 'image/jpeg', 10)),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('dup.jpg is already in the list');
    expect(alert).toHaveTextContent('p20.jpg: at most 20 photos');
    expect(
      within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem'),
    ).toHaveLength(20);
    expect(screen.getByText('20 of 20 photos')).toBeInTheDocument();
  });

  it('revokes every preview when it goes away', async () => {
    const { container, unmount } = renderWithProviders(<Picker />);
    await userEvent.upload(fileInput(container), [
      file('a.jpg', 'image/jpeg', 10),
      file('b.jpg', 'image/jpeg', 10),
    ]);
    await screen.findByRole('list', { name: 'Chosen photos' });
    unmount();
    expect(revoke.mock.calls.map(([url]) => url).sort()).toEqual([...created].sort());
  });
});

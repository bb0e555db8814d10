import type { Photo } from '@bec/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PropertyPhotoGallery } from '@/features/properties/components/property-photo-gallery';
import { activateLocale } from '@/i18n/i18n';
import { renderWithProviders } from '@/testing/render';

const NAME = 'Casa con jardín en Las Condes';

const photo = (id: number, width: number | null, height: number | null): Photo => ({
  id,
  url: `/photos/${id}/gallery`,
  thumbnail_url: `/photos/${id}/card`,
  original_url: `/photos/${id}/original`,
  width,
  height,
});

// A landscape photo, a portrait one and one whose dimensions were not recorded.
const photos: Photo[] = [photo(11, 1600, 1200), photo(12, 1200, 1600), photo(13, null, null)];

const renderGallery = (list: Photo[] = photos) =>
  renderWithProviders(<PropertyPhotoGallery photos={list} name={NAME} />);

/** The open viewer (a modal dialog named after the property), if any. */
const viewer = () => screen.queryByRole('dialog', { name: `Photos of ${NAME}` });

/** The photo the viewer shows now: the one slide that is not hidden from the user. */
function currentSlideImage() {
  const dialog = viewer();
  if (!dialog) throw new Error('the viewer is not open');
  const current = dialog.querySelector('.yarl__slide_current');
  if (!current) throw new Error('no current slide');
  return within(current as HTMLElement).getByRole('img');
}

describe('PropertyPhotoGallery', () => {
  it('says so when the property has no photos', () => {
    renderGallery([]);
    expect(screen.getByText('No images available for this property.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows one lazy thumbnail button per photo, in order, the first marked as the cover', () => {
    renderGallery();
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(3);
    expect(buttons.map((button) => within(button).getByRole('img').getAttribute('src'))).toEqual([
      '/photos/11/card',
      '/photos/12/card',
      '/photos/13/card',
    ]);
    expect(buttons.map((button) => within(button).getByRole('img').getAttribute('alt'))).toEqual([
      `Photo 1 of 3 of ${NAME}`,
      `Photo 2 of 3 of ${NAME}`,
      `Photo 3 of 3 of ${NAME}`,
    ]);
    for (const img of screen.getAllByRole('img')) expect(img).toHaveAttribute('loading', 'lazy');

    // Each thumbnail is a button named by its photo; the cover's name says so.
    const cover = screen.getByRole('button', { name: `Photo 1 of 3 of ${NAME} Cover` });
    expect(within(cover).getByText('Cover')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Photo 2 of 3 of ${NAME}` })).toBe(buttons[1]);
    expect(screen.getAllByText('Cover')).toHaveLength(1);
  });

  it("keeps each photo's shape before it loads, from its width and height when known", () => {
    renderGallery();
    const thumbnail = (n: number) =>
      screen.getByRole('button', { name: new RegExp(`^Photo ${n} `) });
    expect(thumbnail(1).style.aspectRatio).toBe('1600 / 1200');
    expect(within(thumbnail(1)).getByRole('img')).toHaveAttribute('width', '1600');
    expect(within(thumbnail(1)).getByRole('img')).toHaveAttribute('height', '1200');
    expect(thumbnail(2).style.aspectRatio).toBe('1200 / 1600');
    // Not recorded: a 4:3 tile, the photo cropped to it.
    expect(thumbnail(3).style.aspectRatio).toBe('4 / 3');
    expect(within(thumbnail(3)).getByRole('img')).not.toHaveAttribute('width');
  });

  it('opens the viewer on the clicked photo; ArrowRight moves on, Escape closes', async () => {
    const user = userEvent.setup();
    renderGallery();
    expect(viewer()).not.toBeInTheDocument();

    const second = screen.getByRole('button', { name: `Photo 2 of 3 of ${NAME}` });
    await user.click(second);
    expect(await screen.findByRole('dialog', { name: `Photos of ${NAME}` })).toBeInTheDocument();
    expect(currentSlideImage()).toHaveAttribute('src', '/photos/12/gallery');
    expect(currentSlideImage()).toHaveAttribute('alt', `Photo 2 of 3 of ${NAME}`);
    // The gallery-size photos, not the thumbnails, in order around the current one.
    const sources = Array.from(viewer()?.querySelectorAll('img') ?? [], (img) =>
      img.getAttribute('src'),
    );
    expect(sources).toEqual(['/photos/11/gallery', '/photos/12/gallery', '/photos/13/gallery']);

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentSlideImage()).toHaveAttribute('src', '/photos/13/gallery'));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(viewer()).not.toBeInTheDocument());
    expect(second).toHaveFocus();
  });

  it('moves with the Next and Previous buttons and closes with the Close button', async () => {
    const user = userEvent.setup();
    renderGallery();
    await user.click(screen.getByRole('button', { name: `Photo 1 of 3 of ${NAME} Cover` }));
    const dialog = await screen.findByRole('dialog', { name: `Photos of ${NAME}` });
    expect(currentSlideImage()).toHaveAttribute('src', '/photos/11/gallery');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentSlideImage()).toHaveAttribute('src', '/photos/12/gallery'));
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(currentSlideImage()).toHaveAttribute('src', '/photos/11/gallery'));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(viewer()).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: `Photo 1 of 3 of ${NAME} Cover` })).toHaveFocus();
  });

  it('opens from the keyboard: Enter on a focused thumbnail', async () => {
    const user = userEvent.setup();
    renderGallery();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: `Photo 2 of 3 of ${NAME}` })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: `Photos of ${NAME}` });
    expect(currentSlideImage()).toHaveAttribute('src', '/photos/12/gallery');
  });

  it("speaks Spanish when that is the language, the viewer's own buttons and labels too", async () => {
    const user = userEvent.setup();
    await act(() => activateLocale('es-CL'));
    renderGallery();
    const cover = screen.getByRole('button', { name: `Foto 1 de 3 de ${NAME} Portada` });
    await user.click(cover);
    const dialog = await screen.findByRole('dialog', { name: `Fotos de ${NAME}` });
    const shown = () =>
      within(dialog.querySelector<HTMLElement>('.yarl__slide_current') ?? dialog).getByRole('img');
    expect(shown()).toHaveAttribute('alt', `Foto 1 de 3 de ${NAME}`);
    expect(within(dialog).getByRole('region', { name: 'Galería de fotos' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: '1 de 3' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(shown()).toHaveAttribute('src', '/photos/12/gallery'));
    await user.click(within(dialog).getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(shown()).toHaveAttribute('src', '/photos/11/gallery'));
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so in Spanish when the property has no photos', async () => {
    await act(() => activateLocale('es-CL'));
    renderGallery([]);
    expect(screen.getByText('No hay imágenes de esta propiedad.')).toBeInTheDocument();
  });

  it('shows no arrows for a single photo', async () => {
    const user = userEvent.setup();
    renderGallery(photos.slice(0, 1));
    await user.click(screen.getByRole('button', { name: `Photo 1 of 1 of ${NAME} Cover` }));
    const dialog = await screen.findByRole('dialog', { name: `Photos of ${NAME}` });
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(currentSlideImage()).toHaveAttribute('src', '/photos/11/gallery');
  });
});

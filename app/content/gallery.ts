/** The 12 images of the 'Graphics Design Portfolio' gallery (raster: WebP and AVIF). */
export interface GalleryImage {
  /** Path without width and extension: `${file}-${width}.${format}`. */
  file: string;
  alt: string;
}

/** The widths each gallery image is made in (scripts/generate-images.ts). */
export const GALLERY_WIDTHS = [320, 640] as const;
export const GALLERY_SIZE = 640;

export const gallery: readonly GalleryImage[] = [
  ["Kola Foods", "flash sale, 50% off"],
  ["Naija Threads", "new Ankara edit"],
  ["Lekki Luxe", "grand opening in Lekki Phase 1"],
  ["Eko Bites", "weekend jollof combo"],
  ["Zuri Beauty", "skin care week"],
  ["Ivory Dental", "free check-up"],
  ["Oyo Farms", "fresh daily from the farm"],
  ["Ember Tech", "app launch"],
  ["Savanna Homes", "3-bedroom duplex"],
  ["Gidi Gyms", "membership offer"],
  ["Baobab Events", "wedding season"],
  ["Delta Logistics", "fast delivery, Lagos to Abuja"],
].map(([brand, subject], index) => ({
  file: `/images/gallery/poster-${String(index + 1).padStart(2, "0")}`,
  alt: `Social media poster for ${brand}: ${subject}`,
}));

/** The `srcset` of one gallery image in one format. */
export const gallerySrcSet = (image: GalleryImage, format: "avif" | "webp") =>
  GALLERY_WIDTHS.map((width) => `${image.file}-${width}.${format} ${width}w`).join(", ");

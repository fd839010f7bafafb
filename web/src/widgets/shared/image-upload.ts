/**
 * How a question type's settings upload a picture (an ImageChoice card's image) without knowing which form they
 * edit: an {@link ImageUploader} from React context, which the editor provides for the form it shows
 * (`features/editor/api/upload-image.ts`). Without a provider there is no upload (the settings offer only the
 * address field).
 */
import { createContext, useContext } from 'react';

/** Uploads pictures for the form being edited. */
export interface ImageUploader {
  /**
   * Uploads `file` as a picture of question `widgetId`; resolves the address its cards store (`imageUrl`: the
   * form image's path, `isImageUrl`).
   * @throws ApiError the upload's error (413 too large …); Error with `copy.editor.imageTypesTaken` when the server
   *   stored a file that is no image a form shows.
   */
  upload(file: File, widgetId: string): Promise<string>;
}

/** The editor's {@link ImageUploader}, or null (no upload offered). */
export const ImageUploadContext = createContext<ImageUploader | null>(null);

/** The current {@link ImageUploader}, or null. */
export function useImageUploader(): ImageUploader | null {
  return useContext(ImageUploadContext);
}

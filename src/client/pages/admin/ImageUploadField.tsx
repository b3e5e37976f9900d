// A file input that uploads the image an admin chooses (POST /images), says so while it does and
// shows why it failed; each form says what the uploaded path becomes.
import { useState, type ChangeEvent } from 'react';
import { IMAGE_UPLOAD_TYPES } from '../../../shared/constants';
import { FormField } from '../../components/FormField';
import { uploadImage } from '../../lib/upload-image';

interface ImageUploadFieldProps {
  id: string;
  label: string;
  hint: string;
  /** Besides while an upload is under way. */
  disabled?: boolean;
  onUploaded: (path: string) => void;
}

export function ImageUploadField({ id, label, hint, disabled = false, onUploaded }: ImageUploadFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Emptied so that choosing the same file again uploads it again.
    event.currentTarget.value = '';
    if (!file) return;
    setUploading(true);
    setUploadError(undefined);
    try {
      onUploaded(await uploadImage(file));
    } catch (error) {
      setUploadError((error as Error).message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <>
      <FormField id={id} label={label} hint={hint} error={uploadError}>
        {(field) => (
          <input
            {...field}
            type="file"
            accept={IMAGE_UPLOAD_TYPES.join(',')}
            className="file-input w-full"
            disabled={uploading || disabled}
            onChange={(event) => void upload(event)}
          />
        )}
      </FormField>
      {uploading ? (
        <p role="status" className="text-sm">
          Uploading the image…
        </p>
      ) : null}
    </>
  );
}

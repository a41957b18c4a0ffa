import { errorMessage } from '../../api/errors';
import { showError } from '../../ui/toaster';

/** The shared failure handler: an 'Error' toast whose text is the API's `detail` message. */
export function toastError(error: unknown): void {
  showError('Error', errorMessage(error));
}

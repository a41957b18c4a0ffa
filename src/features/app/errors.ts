import { errorMessage } from '../../api/errors';
import { showError } from '../../ui/toaster';

/** The shared failure handler: toast 'Error' with the API's message (spec §8). */
export function toastError(error: unknown): void {
  showError('Error', errorMessage(error));
}

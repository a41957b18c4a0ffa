import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorFallback } from '../../src/ui/fallbacks';
import { getSystem } from '../../src/ui/system';

// Spec §8: the router's generic error fallback. No route throws on purpose, so the fallback the router
// renders (src/routes/__root.tsx) is rendered here with the error a failing route would hand it.
describe('router error fallback', () => {
  it("says 'Something went wrong!' and shows and hides the error", async () => {
    const user = userEvent.setup();
    render(
      <ChakraProvider value={getSystem()}>
        <ErrorFallback error={new Error('the loader failed')} reset={() => {}} />
      </ChakraProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.queryByText('the loader failed')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('the loader failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('the loader failed')).toBeNull();
  });
});

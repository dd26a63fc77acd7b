/** The job kill.test.ts and kill-worker.ts agree on. */
export const KILL_TEST_JOB = 'kill-test';
export const KILL_TEST_KEY = 'the-one';
/**
 * PostgreSQL gets a killed instance's job back once its expiry passes (as far as the database
 * can tell, that instance may still be running it), so the test makes the expiry short.
 */
export const KILL_TEST_EXPIRE_SECONDS = 4;

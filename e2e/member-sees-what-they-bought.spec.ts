import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createUser, expectAccessible, seedPaidPlans, signIn } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

// A phone: the result page and My Subscriptions as most members see them.
test.use({ viewport: { width: 390, height: 844 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** Pays a test-mode checkout through its API and follows the address it returns to. */
async function payAndReturn(page: Page, checkoutUrl: string) {
  const id = checkoutUrl.split('/').pop()!;
  const { url } = await ok<{ url: string }>(
    await page.request.post(`/api/test-mode/checkout/${id}/pay`, { headers: await tokenOf(page), data: {} }),
  );
  await page.goto(new URL(url, 'http://x').pathname + new URL(url, 'http://x').search);
  return id;
}

async function facilitatorAuth(request: APIRequestContext, facilitator: { email: string; password: string }) {
  const { token } = await ok<{ token: string }>(
    await request.post('/api/auth/login', {
      data: { user: { email: facilitator.email, password: facilitator.password } },
    }),
  );
  return { authorization: `Bearer ${token}` };
}

async function offerPaidSession(request: APIRequestContext, headers: Record<string, string>) {
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  const body = {
    name: 'Breath coaching',
    description: 'One to one',
    price: 40,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    meetingUrl: 'https://meet.example.com/abc',
  };
  return ok<{ _id: string }>(await request.post('/api/app/facilitator/sessions', { headers, data: body }));
}

test('the result page says what was bought, and a plan ending at the period end stays under Active', async ({
  page,
  request,
}) => {
  const member = await createUser({ name: 'Rhea Result' });
  const { facilitator, monthly, course } = await seedPaidPlans();
  const coach = await facilitatorAuth(request, facilitator);
  // members of the plan may message the facilitator
  await ok(await request.post(`/api/app/tier/${monthly.id}`, { headers: coach, data: { allowDirectMessaging: true } }));
  await signIn(page, member.email);
  await expect(page.getByText('Welcome back, Rhea Result')).toBeVisible();
  const auth = await tokenOf(page);

  // A cancelled checkout: no payment, back to the facilitator.
  await page.goto(`/subscription/${monthly.id}/cancelled`);
  await expect(page.getByRole('heading', { name: 'Checkout cancelled', level: 1 })).toBeVisible();
  await expect(page.getByText('None')).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Back to ${facilitator.name}` })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'result-cancelled-390');

  // A subscription.
  const plan = await ok<{ url: string }>(
    await page.request.get(`/api/app/subscribe/${monthly.id}/create-checkout-session`, { headers: auth }),
  );
  await payAndReturn(page, plan.url);
  await expect(page.getByRole('heading', { name: 'Subscribed', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your subscription' }).getByText('$12 / month')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Subscriptions' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'result-subscription-390');

  // A course.
  const bought = await ok<{ url: string }>(
    await page.request.get(`/api/app/subscribe/${course.id}/create-checkout-session`, { headers: auth }),
  );
  await payAndReturn(page, bought.url);
  await expect(page.getByRole('heading', { name: 'Course purchased', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open course' })).toHaveAttribute('href', `/course/${course.id}`);
  await expectAccessible(page);
  await shot(page, 'result-course-390');

  // A paid session.
  const session = await offerPaidSession(request, coach);
  const booking = await ok<{ url: string }>(
    await page.request.post('/api/app/session/create-checkout-session', {
      headers: auth,
      data: { sessionId: session._id },
    }),
  );
  await payAndReturn(page, booking.url);
  await expect(page).toHaveURL(new RegExp(`/subscription/${session._id}/success`));
  await expect(page.getByRole('heading', { name: 'Session booked', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your session' }).getByText('Breath coaching')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View session' })).toHaveAttribute('href', '/profile');
  await expectAccessible(page);
  await shot(page, 'result-session-390');

  // An unknown id.
  await page.goto('/subscription/00000000-0000-4000-8000-000000000000/success');
  await expect(page.getByRole('heading', { name: 'Checkout not found', level: 1 })).toBeVisible();
  await shot(page, 'result-unknown-390');

  // The plan cancelled at the period's end (test-mode billing page): still under Active, 'Ends on'.
  const [billing] = await ok<Array<{ _id: string }>>(
    await page.request.get('/api/test-mode/billing', { headers: auth }),
  );
  await ok(await page.request.post('/api/test-mode/billing/cancel', { headers: auth, data: { sub: billing!._id } }));
  await page.goto('/subscriptions#active');
  const card = page.getByRole('tabpanel').getByRole('article', { name: monthly.name });
  await expect(card).toContainText(/Ends on \d{2}\/\d{2}\/\d{4}/);
  await expect(card.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Message Facilitator' })).toBeVisible();
  const courseCard = page.getByRole('tabpanel').getByRole('article', { name: course.name });
  await expect(courseCard.getByRole('link', { name: 'Open course' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'subscriptions-ending-390');
});

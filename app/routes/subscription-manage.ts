import { data, redirect } from "react-router";
import { siteServicesContext } from "../../common/load-context.ts";
import type { Route } from "./+types/subscription-manage";

// /payments/subscription/{token}: the receipt's link to manage or cancel a monthly package.
// Paystack's own page does that; its address is asked for when the link is opened (it is
// short-lived), and the client is sent there.
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(siteServicesContext);
  if (!services.payments.enabled) throw data("Not found", { status: 404 });
  let link: string | undefined;
  try {
    link = await services.payments.manageLink(params.token);
  } catch {
    throw data("Paystack could not be reached. Please try again in a moment.", { status: 502 });
  }
  if (!link)
    throw data("This link does not work (yet): it works once the first payment is through.", {
      status: 404,
    });
  return redirect(link, { status: 303, headers: { "Cache-Control": "private, no-store" } });
}

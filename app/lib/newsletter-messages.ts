/** What the newsletter forms say after a sign-up. */
export const newsletterMessages = {
  subscribed: "Thank you for subscribing! Look out for our insights in your inbox.",
  already: "You’re already subscribed. Thank you for staying with us!",
} as const;

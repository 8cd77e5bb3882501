// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it } from "vitest";
import { defaultServiceItems } from "../../../common/content/services.ts";
import { serviceCardOf } from "../../lib/services.ts";

const services = defaultServiceItems.map((item) => serviceCardOf({ ...item, image: null }));
import { ServiceCards } from "./service-cards.tsx";

afterEach(cleanup);

it("service cards: every picture loads lazily, at low priority even on the first screen", () => {
  const { container } = render(
    <MemoryRouter>
      <ServiceCards items={services} />
    </MemoryRouter>,
  );
  const images = [...container.querySelectorAll("img")];
  expect(images).toHaveLength(services.length);
  for (const image of images) {
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("fetchpriority")).toBe("low");
  }
  expect(images.map((image) => image.getAttribute("src"))).toEqual(
    services.map((service) => service.image),
  );
});

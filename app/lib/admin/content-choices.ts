import { useMemo } from "react";
import {
  listContentTypes,
  type ContentField,
  type ListContentTypeName,
} from "../../../common/schemas/content.ts";
import { useApiData } from "../../components/admin/use-api-data.ts";
import { listContent } from "./content.ts";

// A select whose choices are another list's items (a service block's page: the services,
// decision 0048): the list is read when the screen opens, so a new service is a choice at once.

/** The type's fields with the choices of a `choicesFrom` field read from its list. */
export function useResolvedFields(type: ListContentTypeName): {
  fields: readonly ContentField[];
  loading: boolean;
} {
  const fields = listContentTypes[type].fields as readonly ContentField[];
  const wanted = fields.some((field) => field.choicesFrom === "services");
  const services = useApiData(
    () => (wanted ? listContent("services") : Promise.resolve(undefined)),
    [wanted],
  );
  const resolved = useMemo(
    () =>
      services.data
        ? fields.map((field) =>
            field.choicesFrom === "services"
              ? {
                  ...field,
                  choices: services.data!.map((item) => ({ value: item.slug, label: item.name })),
                }
              : field,
          )
        : fields,
    [fields, services.data],
  );
  return { fields: resolved, loading: wanted && services.loading };
}

// The one module that speaks to the Discord client, through the Embedded App SDK: ready,
// then authorize (a code), the code exchanged by our server (which keeps the client secret),
// then authenticate with the member's access token.
import { DiscordSDK } from "./discord-sdk.js";

export async function signIn(clientId, exchange) {
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const signed = await exchange({ code, instance: sdk.instanceId });
  await sdk.commands.authenticate({ access_token: signed.access_token });
  return { ...signed, instance: sdk.instanceId };
}

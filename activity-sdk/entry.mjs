// The one thing the page takes from the SDK: the class that speaks to the Discord client.
export { DiscordSDK } from "@discord/embedded-app-sdk";

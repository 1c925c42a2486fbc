// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

#ifndef TEMPEST_GATEWAY_CMOSQUITTO_SHIM_H
#define TEMPEST_GATEWAY_CMOSQUITTO_SHIM_H
// libmosquitto 2.0 client API and its MQTT 5 property helpers.
#include <mosquitto.h>
#include <mqtt_protocol.h>
#endif
